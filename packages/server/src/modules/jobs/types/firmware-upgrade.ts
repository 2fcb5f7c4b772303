// firmware-upgrade: Download "1 Firmware Upgrade Image"; done when the device reports the version
// asked for (after TransferComplete, which follows the reboot into the new image).
import type { Static } from 'typebox';
import { firmwareBody } from '../../../contract';
import { describeJob, unexpected, type JobView, type Step } from '../descriptor';
import { afterTransferRpc, download, fileOf, transferFault } from './transfer';

/** A firmware file of the store or an outside URL, and the software version the device must report afterwards. */
type FirmwareUpgradeParams = Static<typeof firmwareBody>;

function firmwareDone(c: JobView<FirmwareUpgradeParams>): Step {
  const expected = c.params.version;
  const reported = c.softwareVersion;
  if (expected && reported !== expected) {
    return {
      kind: 'fail',
      error: `After the upgrade the device reports software version "${reported}"; expected "${expected}".`,
    };
  }
  return { kind: 'done', result: { softwareVersion: reported } };
}

export default describeJob({
  type: 'firmware-upgrade',
  params: firmwareBody,
  rpcs: ['Download'],
  transfer: { direction: 'download' },
  start: (c) => {
    const f = fileOf(c, c.params.firmwareUrl);
    return download(c, '1 Firmware Upgrade Image', f.url, f.size);
  },
  answer: (c, a) =>
    a.name === 'DownloadResponse'
      ? afterTransferRpc(c, a.status, () => firmwareDone(c))
      : unexpected(a, 'DownloadResponse'),
  // TR-069 A.3.2.8: a CPE that will not download answers the Download with a fault; said so, with the
  // fault, apart from a transfer that failed later (TransferComplete) or never came back.
  fault: (_c, f) => ({
    kind: 'fail',
    error: `The router refused the firmware Download: CPE fault ${f.faultCode}${f.faultString ? ` (${f.faultString})` : ''}`,
    faultCode: f.faultCode,
  }),
  transferComplete: (c, tc) => transferFault(tc) ?? firmwareDone(c),
});
