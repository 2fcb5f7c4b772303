// What transfer jobs share (TR-069 Amendment 6, A.3.2.8 Download, A.4.1.5 Upload, A.3.3.2
// TransferComplete): the CPE fetches or sends the file itself, outside the session, and reports with
// TransferComplete in a later session, matched to the job by CommandKey. Files come from and go to
// the store at /files/<job>/<token>/<name>.
import type { CpeMethodResponse, TransferComplete } from '@provisor/cwmp';
import { commandKeyOf, unexpected, type JobView, type Step } from '../descriptor';

/** Every transfer job carries the secret of its /files URL. */
export interface TransferParams {
  token: string;
}

export function download(
  c: JobView<unknown>,
  fileType: string,
  url: string,
  size: number,
  target = '',
): Step {
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

export function upload(c: JobView<unknown>, fileType: string, name: string): Step {
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

/**
 * TransferComplete faults that say the file did not get through (TR-069 Amendment 6, CPE fault codes: 9010
 * file transfer failure, 9011 upload failure, 9015 unable to contact file server, 9016 unable to
 * access file, 9017 unable to complete download): the file server was down or the link dropped, as
 * while this server restarts, so the job tries again. Others (authentication, protocol, a corrupt
 * file) would fail the same way again.
 */
const TRANSIENT_TRANSFER_FAULTS = new Set([9010, 9011, 9015, 9016, 9017]);

export function transferFault(tc: TransferComplete): Step | null {
  const { faultCode, faultString } = tc.faultStruct;
  if (faultCode === 0) return null;
  return {
    kind: TRANSIENT_TRANSFER_FAULTS.has(faultCode) ? 'again' : 'fail',
    error: `Transfer failed: CPE fault ${faultCode}${faultString ? ` (${faultString})` : ''}`,
    faultCode,
  };
}

/** DownloadResponse/UploadResponse status 0: done already; 1: TransferComplete follows. */
export const afterTransferRpc = (c: JobView<unknown>, status: number, onDone: () => Step): Step =>
  status === 0 ? onDone() : { kind: 'wait', state: { ...c.state, phase: 'awaiting-transfer' } };

export const downloadDone = (): Step => ({ kind: 'done', result: { transferred: true } });

export function uploadDone(c: JobView<unknown>): Step {
  return c.uploaded
    ? { kind: 'done', result: { fileId: c.uploaded.id } }
    : {
        kind: 'fail',
        error:
          'The device reported the upload complete, but no file arrived. Check that it can reach this server.',
      };
}

/** The job's file: from the store (served under the job's URL), or an outside URL. */
export function fileOf(c: JobView<unknown>, outsideUrl = ''): { url: string; size: number } {
  if (c.file) return { url: c.transferUrl(c.file.name), size: c.file.size };
  return { url: outsideUrl, size: 0 };
}

/**
 * A Download of a file of the store (download-file, restore-config): everything but the FileType and
 * the target path, which each job type says from its parameters.
 */
export function downloadOfStoredFile<P>(how: {
  fileType(params: P): string;
  targetPath?(params: P): string;
}) {
  return {
    rpcs: ['Download'] as const,
    transfer: { direction: 'download' } as const,
    start: (c: JobView<P>): Step => {
      const f = fileOf(c);
      return download(c, how.fileType(c.params), f.url, f.size, how.targetPath?.(c.params) ?? '');
    },
    answer: (c: JobView<P>, a: CpeMethodResponse): Step =>
      a.name === 'DownloadResponse'
        ? afterTransferRpc(c, a.status, downloadDone)
        : unexpected(a, 'DownloadResponse'),
    transferComplete: (_c: JobView<P>, tc: TransferComplete): Step => transferFault(tc) ?? downloadDone(),
  };
}
