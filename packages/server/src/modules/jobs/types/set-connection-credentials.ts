// set-connection-credentials: made by the ACS itself, not the API. Connection requests (TR-069
// Amendment 6, 3.2.2) need the device's ConnectionRequestUsername/Password, which no Inform carries
// and which read back empty (A.3.2.1), so Provisor sets them once per device (and again after a
// 0 BOOTSTRAP): the global username of the settings (else the serial number) and a password of the
// device's own, never the global one. The device row keeps them once the device took them.
import { describeJob, findWrite, type JobView } from '../descriptor';
import {
  parametersSet,
  setParameterValues,
  setParametersParams,
  type SetParametersParams,
} from './set-parameters';

const credentials = (c: JobView<SetParametersParams>) => ({
  connectionRequestUsername:
    findWrite(c.params.parameters, '.ManagementServer.ConnectionRequestUsername') ?? '',
  connectionRequestPassword:
    findWrite(c.params.parameters, '.ManagementServer.ConnectionRequestPassword') ?? '',
});

export default describeJob({
  type: 'set-connection-credentials',
  params: setParametersParams,
  rpcs: ['SetParameterValues'],
  internal: true,
  start: setParameterValues,
  answer: (c, a) => {
    const step = parametersSet(c, a);
    return step.kind === 'done' ? { ...step, device: credentials(c) } : step;
  },
});
