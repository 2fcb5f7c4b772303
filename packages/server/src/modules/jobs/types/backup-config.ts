// backup-config: Upload "1 Vendor Configuration File" to the store, kept as a backup.
import { Type } from 'typebox';
import { describeJob, unexpected } from '../descriptor';
import { afterTransferRpc, transferFault, upload, uploadDone } from './transfer';

export default describeJob({
  type: 'backup-config',
  params: Type.Object({}, { additionalProperties: false }),
  rpcs: ['Upload'],
  transfer: { direction: 'upload', kind: 'backup' },
  start: (c) => upload(c, '1 Vendor Configuration File', 'config-backup'),
  answer: (c, a) =>
    a.name === 'UploadResponse'
      ? afterTransferRpc(c, a.status, () => uploadDone(c))
      : unexpected(a, 'UploadResponse'),
  transferComplete: (c, tc) => transferFault(tc) ?? uploadDone(c),
});
