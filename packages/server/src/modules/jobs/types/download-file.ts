// download-file: Download "3 Vendor Configuration File" of a file of the store to a path on the
// device.
import { Type } from 'typebox';
import { describeJob, unexpected } from '../descriptor';
import { afterTransferRpc, download, downloadDone, fileOf, transferFault } from './transfer';

/** A file of the store, and where it goes on the device (`targetPath`, the TargetFileName). */
const params = Type.Object(
  { fileId: Type.String(), targetPath: Type.String() },
  { additionalProperties: false },
);

export default describeJob({
  type: 'download-file',
  params,
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
