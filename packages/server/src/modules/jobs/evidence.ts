// When a job's RPC went out and its answer was lost (the session ended in a process that died, or
// the router opened a new session elsewhere), the router's next Inform may show that the RPC took
// effect (TR-069 Amendment 6): the ParameterKey it reports is the key of the last
// SetParameterValues or DeleteObject it applied (A.3.2.1, A.3.2.7), a reboot shows in "M Reboot" or
// "1 BOOT" (A.3.3.1), a factory reset in "0 BOOTSTRAP", a Download or Upload it accepted in
// "M Download"/"M Upload" with the job's CommandKey (its TransferComplete follows). The answer the
// RPC would have had is then taken as given, so the job moves on instead of running twice. Without
// evidence (an AddObject, whose instance number only the answer tells; a read) the job runs again.
import type { CpeMethodResponse } from '@provisor/cwmp';
import type { InformFacts } from './descriptor';
import { BOOT_EVENTS } from './types/reboot';

/** The answer the lost RPC `rpc` (with `key`) had, as far as the Inform `i` shows; null when it does not. */
export function lostAnswerShown(
  rpc: string | undefined,
  key: string,
  i: InformFacts,
): CpeMethodResponse | null {
  switch (rpc) {
    case 'SetParameterValues':
      return key !== '' && i.parameterKey === key ? { name: 'SetParameterValuesResponse', status: 0 } : null;
    case 'DeleteObject':
      return key !== '' && i.parameterKey === key ? { name: 'DeleteObjectResponse', status: 0 } : null;
    case 'Reboot':
      return BOOT_EVENTS.some((e) => i.events.includes(e)) ? { name: 'RebootResponse' } : null;
    case 'FactoryReset':
      return i.events.includes('0 BOOTSTRAP') || i.events.includes('1 BOOT')
        ? { name: 'FactoryResetResponse' }
        : null;
    case 'Download':
      return key !== '' && i.commandKeys['M Download'] === key
        ? { name: 'DownloadResponse', status: 1, startTime: '', completeTime: '' }
        : null;
    case 'Upload':
      return key !== '' && i.commandKeys['M Upload'] === key
        ? { name: 'UploadResponse', status: 1, startTime: '', completeTime: '' }
        : null;
    default:
      return null;
  }
}
