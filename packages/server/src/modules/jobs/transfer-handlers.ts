// Transfer jobs (cwmp-reference §6 Download/Upload, §7 TransferComplete): the CPE fetches or sends
// the file itself, outside the session, and reports with TransferComplete in a later session, matched
// to the job by CommandKey. Files come from and go to the store at /files/<job>/<token>/<name>.
import type { TransferComplete } from '@provisor/cwmp';
import type { JobType } from '../../db/tables/jobs';
import { commandKeyOf } from './command-key';
import type { JobContext, JobHandler, Step } from './handlers';

/** Upload FileTypes a CPE knows (cwmp-reference §6); anything else asks for its log. */
const UPLOAD_FILE_TYPE = /^([13] Vendor Configuration File|[24] Vendor Log File)( \d+)?$/;

function download(c: JobContext, fileType: string, url: string, size: number, target = ''): Step {
  return {
    kind: 'rpc',
    request: {
      name: 'Download',
      commandKey: commandKeyOf(c.job),
      fileType,
      url,
      username: '',
      password: '',
      fileSize: size,
      targetFileName: target,
      delaySeconds: 0,
      successUrl: '',
      failureUrl: '',
    },
  };
}

function upload(c: JobContext, fileType: string, name: string): Step {
  return {
    kind: 'rpc',
    request: {
      name: 'Upload',
      commandKey: commandKeyOf(c.job),
      fileType,
      url: c.transferUrl(name),
      username: '',
      password: '',
      delaySeconds: 0,
    },
  };
}

const transferFault = (tc: TransferComplete): Step | null =>
  tc.faultStruct.faultCode !== 0
    ? {
        kind: 'fail',
        error: `Transfer failed: CPE fault ${tc.faultStruct.faultCode}${tc.faultStruct.faultString ? ` (${tc.faultStruct.faultString})` : ''}`,
        faultCode: tc.faultStruct.faultCode,
      }
    : null;

/** Status 0: done already; 1: TransferComplete follows (cwmp-reference §6). */
const afterTransferRpc = (c: JobContext, status: number, onDone: () => Step): Step =>
  status === 0 ? onDone() : { kind: 'wait', state: { ...c.state, phase: 'awaiting-transfer' } };

const downloadDone = (): Step => ({ kind: 'done', result: { transferred: true } });

function uploadDone(c: JobContext): Step {
  return c.uploaded
    ? { kind: 'done', result: { fileId: c.uploaded.id } }
    : {
        kind: 'fail',
        error:
          'The device reported the upload complete, but no file arrived. Check that it can reach this server.',
      };
}

function firmwareDone(c: JobContext): Step {
  const expected = c.params.version;
  const reported = c.softwareVersion();
  if (expected && reported !== expected) {
    return {
      kind: 'fail',
      error: `After the upgrade the device reports software version "${reported}"; expected "${expected}".`,
    };
  }
  return { kind: 'done', result: { softwareVersion: reported } };
}

function fileOf(c: JobContext): { url: string; size: number; name: string } {
  if (c.file) return { url: c.transferUrl(c.file.name), size: c.file.size, name: c.file.name };
  return { url: c.params.firmwareUrl ?? '', size: 0, name: '' };
}

export const TRANSFER_HANDLERS: Pick<
  Record<JobType, JobHandler>,
  'firmware-upgrade' | 'download-file' | 'restore-config' | 'upload-file' | 'backup-config'
> = {
  'firmware-upgrade': {
    start: (c) => {
      const f = fileOf(c);
      return download(c, '1 Firmware Upgrade Image', f.url, f.size);
    },
    answer: (c, a) =>
      a.name === 'DownloadResponse'
        ? afterTransferRpc(c, a.status, () => firmwareDone(c))
        : { kind: 'fail', error: `Unexpected ${a.name}` },
    // A firmware upgrade ends after the BOOT, when the device reports its new version.
    transferComplete: (c, tc) => transferFault(tc) ?? firmwareDone(c),
  },
  'download-file': {
    start: (c) => {
      const f = fileOf(c);
      return download(c, '3 Vendor Configuration File', f.url, f.size, c.params.targetPath ?? '');
    },
    answer: (c, a) =>
      a.name === 'DownloadResponse'
        ? afterTransferRpc(c, a.status, downloadDone)
        : { kind: 'fail', error: `Unexpected ${a.name}` },
    transferComplete: (_c, tc) => transferFault(tc) ?? downloadDone(),
  },
  'restore-config': {
    start: (c) => {
      const f = fileOf(c);
      return download(c, '3 Vendor Configuration File', f.url, f.size);
    },
    answer: (c, a) =>
      a.name === 'DownloadResponse'
        ? afterTransferRpc(c, a.status, downloadDone)
        : { kind: 'fail', error: `Unexpected ${a.name}` },
    transferComplete: (_c, tc) => transferFault(tc) ?? downloadDone(),
  },
  'upload-file': {
    start: (c) => {
      const path = c.params.filePath ?? '';
      return upload(
        c,
        UPLOAD_FILE_TYPE.test(path) ? path : '2 Vendor Log File',
        path.split('/').pop() || 'device-file.log',
      );
    },
    answer: (c, a) =>
      a.name === 'UploadResponse'
        ? afterTransferRpc(c, a.status, () => uploadDone(c))
        : { kind: 'fail', error: `Unexpected ${a.name}` },
    transferComplete: (c, tc) => transferFault(tc) ?? uploadDone(c),
  },
  'backup-config': {
    start: (c) => upload(c, '1 Vendor Configuration File', 'config-backup'),
    answer: (c, a) =>
      a.name === 'UploadResponse'
        ? afterTransferRpc(c, a.status, () => uploadDone(c))
        : { kind: 'fail', error: `Unexpected ${a.name}` },
    transferComplete: (c, tc) => transferFault(tc) ?? uploadDone(c),
  },
};
