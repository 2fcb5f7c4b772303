// download-file: Download (TR-069 Amendment 6, A.3.2.8) of a file of the store to a path on the
// device, as the FileType the operator chose (jobs/file-types.ts).
import { Type, type Static } from 'typebox';
import { describeJob } from '../descriptor';
import { downloadOfStoredFile } from './transfer';

/**
 * A file of the store, where it goes on the device (`targetPath`, the TargetFileName), and the
 * Download FileType (jobs made before it could be chosen were sent as configuration).
 */
const params = Type.Object(
  { fileId: Type.String(), targetPath: Type.String(), fileType: Type.Optional(Type.String()) },
  { additionalProperties: false },
);

export default describeJob({
  type: 'download-file',
  params,
  ...downloadOfStoredFile<Static<typeof params>>({
    fileType: (p) => p.fileType ?? '3 Vendor Configuration File',
    targetPath: (p) => p.targetPath,
  }),
});
