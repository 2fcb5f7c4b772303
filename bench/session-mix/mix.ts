// The realistic session mix (issue 24, target 1), shared by the load generator and the limit server
// so that both see the same exchanges. Router i (1-based) of N:
// - informs 20 to 40 parameters (20 + i % 21), every value stable from one Inform to the next;
// - 1 session in 10 (by the load's own count) is `4 VALUE CHANGE`, carrying one new value;
// - routers whose index is a multiple of 20 have a job waiting: a SetParameterValues of 5 parameters
//   (serial "MIXS…"); those at 10 modulo 200 a GetParameterValues of a 300-parameter subtree
//   ("MIXG…"); the rest ("MIXP…") have nothing waiting.
import { encode, parameterValue, type ParameterValue } from '@provisor/cwmp';

export type Kind = 'plain' | 'set' | 'get';

export function kindOf(i: number): Kind {
  if (i % 20 === 0) return 'set';
  if (i % 200 === 10) return 'get';
  return 'plain';
}

const PREFIX: Record<Kind, string> = { plain: 'MIXP', set: 'MIXS', get: 'MIXG' };

export function serialOf(i: number): string {
  return `${PREFIX[kindOf(i)]}${String(i).padStart(6, '0')}`;
}

/** The kind a serial number (or an Inform's text holding it) names. */
export function kindInText(text: string): Kind {
  if (text.includes('MIXS')) return 'set';
  if (text.includes('MIXG')) return 'get';
  return 'plain';
}

/** The parameter whose value a VALUE CHANGE Inform changes. */
export const CHANGING = 'Device.WiFi.SSID.1.SSID';
const CHANGING_MARK = '@@VALUE@@';

/** The five parameters a set job writes. */
export const SET_PARAMETERS = [
  { name: 'Device.WiFi.SSID.1.SSID', value: 'mix-ssid' },
  { name: 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase', value: 'mix-passphrase-1' },
  { name: 'Device.ManagementServer.PeriodicInformInterval', value: '900' },
  { name: 'Device.Time.NTPServer1', value: 'ntp.example.net' },
  { name: 'Device.WiFi.Radio.1.Channel', value: '6' },
];

/** The subtree a get job reads, and the 300 parameters the router answers with. */
export const GET_PATH = 'Device.Hosts.';

function informParameters(i: number): ParameterValue[] {
  const count = 20 + (i % 21);
  const list: ParameterValue[] = [
    parameterValue('Device.RootDataModelVersion', 'string', '2.17'),
    parameterValue('Device.DeviceInfo.HardwareVersion', 'string', 'HW1.0'),
    parameterValue('Device.DeviceInfo.SoftwareVersion', 'string', '1.0.0'),
    parameterValue('Device.DeviceInfo.ProvisioningCode', 'string', ''),
    parameterValue('Device.ManagementServer.ParameterKey', 'string', ''),
    parameterValue(
      'Device.ManagementServer.ConnectionRequestURL',
      'string',
      // Refused at once: the jobs' connection requests (sent when they are created, before any
      // measurement) fail fast instead of waiting on an unreachable address.
      `http://127.0.0.1:9/cr/${i}`,
    ),
    parameterValue('Device.ManagementServer.AliasBasedAddressing', 'boolean', false),
    parameterValue('Device.ManagementServer.PeriodicInformInterval', 'unsignedInt', 300),
    parameterValue(CHANGING, 'string', CHANGING_MARK),
  ];
  for (let k = list.length; k < count; k++) {
    const port = k - list.length + 1;
    list.push(
      k % 2 === 0
        ? parameterValue(
            `Device.Ethernet.Interface.${port}.Stats.BytesSent`,
            'unsignedLong',
            BigInt(1_000_000 + i * 7 + k),
          )
        : parameterValue(`Device.Ethernet.Interface.${port}.Status`, 'string', 'Up'),
    );
  }
  return list;
}

/**
 * Router i's Inform as a template: `periodic(i)` and `valueChange(i, n)` fill it. The value that a
 * VALUE CHANGE carries is new each time (n), so the server sees a changed parameter set.
 */
export function informTemplates(i: number): { periodic: string; valueChange: string } {
  const body = (event: string) =>
    encode({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: `inform-${i}` },
      body: {
        name: 'Inform',
        deviceId: {
          manufacturer: 'Provisor',
          oui: '50524F',
          productClass: 'MixRouter',
          serialNumber: serialOf(i),
        },
        event: [{ eventCode: event, commandKey: '' }],
        maxEnvelopes: 1,
        currentTime: '2026-11-24T00:00:00Z',
        retryCount: 0,
        parameterList: informParameters(i),
      },
    });
  return {
    periodic: body('2 PERIODIC').replace(CHANGING_MARK, `net-${i}`),
    valueChange: body('4 VALUE CHANGE'),
  };
}

export function fillValueChange(template: string, n: number): string {
  return template.replace(CHANGING_MARK, `net-${n}`);
}

export function setResponse(id: string): string {
  return encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id },
    body: { name: 'SetParameterValuesResponse', status: 0 },
  });
}

let hosts: ParameterValue[] | undefined;

export function getResponse(id: string): string {
  hosts ??= Array.from({ length: 300 }, (_, k) => {
    const host = Math.floor(k / 10) + 1;
    const field = k % 10;
    const names = [
      'PhysAddress',
      'IPAddress',
      'HostName',
      'Active',
      'AddressSource',
      'LeaseTimeRemaining',
      'Layer1Interface',
      'Layer3Interface',
      'InterfaceType',
      'AssociatedDevice',
    ];
    const name = `Device.Hosts.Host.${host}.${names[field]}`;
    switch (field) {
      case 3:
        return parameterValue(name, 'boolean', host % 3 !== 0);
      case 5:
        return parameterValue(name, 'int', 3600 + host);
      case 0:
        return parameterValue(name, 'string', `02:00:00:00:00:${host.toString(16).padStart(2, '0')}`);
      case 1:
        return parameterValue(name, 'string', `192.168.1.${100 + host}`);
      default:
        return parameterValue(name, 'string', `host-${host}-${names[field]}`);
    }
  });
  return encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id },
    body: { name: 'GetParameterValuesResponse', parameterList: hosts },
  });
}

/** The cwmp:ID of a message, read the cheap way a router's own stack would. */
export function messageId(text: string): string {
  const m = /:ID[^>]*>([^<]*)</.exec(text);
  return m?.[1] ?? '';
}
