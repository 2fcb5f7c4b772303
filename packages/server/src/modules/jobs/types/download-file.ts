// download-file: Download (TR-069 Amendment 6, A.3.2.8) of a file of the store to a path on the
// device, as the FileType the operator chose (jobs/file-types.ts).
import { describeJob } from '../descriptor';
import { downloadOfStoredFile, type TransferParams } from './transfer';

export interface DownloadFileParams extends TransferParams {
  fileId: string;
  /** Where the file goes on the device (TargetFileName). */
  targetPath: string;
  /** The Download FileType; jobs made before it could be chosen were sent as configuration. */
  fileType?: string;
}

export default describeJob<DownloadFileParams>()({
  type: 'download-file',
  ...downloadOfStoredFile<DownloadFileParams>({
    fileType: (p) => p.fileType ?? '3 Vendor Configuration File',
    targetPath: (p) => p.targetPath,
  }),
});
