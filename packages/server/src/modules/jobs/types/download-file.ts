// download-file: Download "3 Vendor Configuration File" of a file of the store to a path on the
// device.
import { describeJob, unexpected } from '../descriptor';
import {
  afterTransferRpc,
  download,
  downloadDone,
  fileOf,
  transferFault,
  type TransferParams,
} from './transfer';

export interface DownloadFileParams extends TransferParams {
  fileId: string;
  /** Where the file goes on the device (TargetFileName). */
  targetPath: string;
}

export default describeJob<DownloadFileParams>()({
  type: 'download-file',
  rpcs: ['Download'],
  transfer: { direction: 'download' },
  start: (c) => {
    const f = fileOf(c);
    return download(c, '3 Vendor Configuration File', f.url, f.size, c.params.targetPath);
  },
  answer: (c, a) =>
    a.name === 'DownloadResponse'
      ? afterTransferRpc(c, a.status, downloadDone)
      : unexpected(a, 'DownloadResponse'),
  transferComplete: (_c, tc) => transferFault(tc) ?? downloadDone(),
});
