// restore-config: Download "3 Vendor Configuration File" of a configuration file of the store.
import { describeJob, unexpected } from '../descriptor';
import {
  afterTransferRpc,
  download,
  downloadDone,
  fileOf,
  transferFault,
  type TransferParams,
} from './transfer';

export interface RestoreConfigParams extends TransferParams {
  fileId: string;
}

export default describeJob<RestoreConfigParams>()({
  type: 'restore-config',
  rpcs: ['Download'],
  transfer: { direction: 'download' },
  start: (c) => {
    const f = fileOf(c);
    return download(c, '3 Vendor Configuration File', f.url, f.size);
  },
  answer: (c, a) =>
    a.name === 'DownloadResponse'
      ? afterTransferRpc(c, a.status, downloadDone)
      : unexpected(a, 'DownloadResponse'),
  transferComplete: (_c, tc) => transferFault(tc) ?? downloadDone(),
});
