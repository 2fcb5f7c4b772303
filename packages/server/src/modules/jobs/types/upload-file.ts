// upload-file: Upload (TR-069 Amendment 6, A.4.1.5) of a file of the device to the store: a vendor
// configuration or log file, as the FileType the route resolved from the operator's path and choice
// (jobs/file-types.ts); the router PUTs or POSTs it to the job's /files URL.
import { describeJob, unexpected } from '../descriptor';
import { downloadFileBody } from '../../../contract';
import { afterTransferRpc, transferFault, upload, uploadDone } from './transfer';

/** Jobs made before the FileType was resolved: a filePath that is a FileType, else the log. */
const UPLOAD_FILE_TYPE = /^([13] Vendor Configuration File|[24] Vendor Log File)( \d+)?$/;

/** The Upload's FileType: the one the route resolved, else as jobs made before that had it. */
export const uploadFileType = (p: { filePath: string; fileType?: string }): string =>
  p.fileType ?? (UPLOAD_FILE_TYPE.test(p.filePath) ? p.filePath : '2 Vendor Log File');

export default describeJob({
  type: 'upload-file',
  /** `filePath`: the file on the device, its last part names the stored file; `fileType`: the Upload FileType. */
  params: downloadFileBody,
  rpcs: ['Upload'],
  transfer: { direction: 'upload', kind: 'by-file-type' },
  start: (c) => {
    const path = c.params.filePath;
    return upload(c, uploadFileType(c.params), path.split('/').pop() || 'device-file.log');
  },
  answer: (c, a) =>
    a.name === 'UploadResponse'
      ? afterTransferRpc(c, a.status, () => uploadDone(c))
      : unexpected(a, 'UploadResponse'),
  transferComplete: (c, tc) => transferFault(tc) ?? uploadDone(c),
});
