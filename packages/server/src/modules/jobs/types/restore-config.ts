// restore-config: Download "3 Vendor Configuration File" of a configuration file of the store.
import { Type } from 'typebox';
import { describeJob, unexpected } from '../descriptor';
import { afterTransferRpc, download, downloadDone, fileOf, transferFault } from './transfer';

export default describeJob({
  type: 'restore-config',
  params: Type.Object({ fileId: Type.String() }, { additionalProperties: false }),
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
