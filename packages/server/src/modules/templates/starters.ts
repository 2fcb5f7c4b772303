// Starter templates, seeded on first start: the fields the Customer Routers screen fills in
// (spec §7 Manual creation payload), mapped to real parameters of each model. Every mapped path is
// one a real router of the template's target has, writable (starters-dumps.test.ts checks them
// against ../shared/data/devices: the EG8145V5 against its dump, the generic TR-181 template against
// the TR-181 dumps), and passes the BBF data-model check (starters.test.ts).
//
// A field is mapped only where the router has a parameter for it: the EG8145V5 has no Time.NTPServer1,
// Time.LocalTimeZoneName or UserInterface.RemoteAccess (a SetParameterValues naming them fails with
// 9005, TR-069 A.3.2.1), so its template leaves ntp_server, timezone and remote_access_enabled out;
// the console may still send them (spec §9), and values no mapping names are not pushed.
//
// Known limits, kept visible: instance 1 is assumed everywhere (the CPE numbers instances, so they
// should be discovered with GetParameterNames); channel 0 ("auto") is sent as is (TR-181
// Radio.Channel is 1..255, the AutoChannelEnable switch is not driven yet); the time zone is sent
// as given ("Europe/Zagreb"), while the models expect a POSIX TZ string such as
// "CET-1CEST,M3.5.0,M10.5.0/3".
import type { MappingEntry, TemplateDefinition } from './definition';

type SchemaField = Record<string, unknown>;

const commonSchema = (o: {
  bandwidths: string[];
  securityModes: string[];
  mtuMax: number;
  /** Fields the model has no parameter for: left out of the form as well as the mapping. */
  without?: string[];
}) => ({
  type: 'object',
  required: ['wifi_ssid', 'wifi_password'],
  properties: Object.fromEntries(
    Object.entries(commonProperties(o)).filter(([field]) => !o.without?.includes(field)),
  ),
});

const commonProperties = (o: {
  bandwidths: string[];
  securityModes: string[];
  mtuMax: number;
}): Record<string, SchemaField> => ({
  wifi_ssid: { type: 'string', title: 'Wi-Fi name (SSID)', minLength: 1, maxLength: 32 },
  wifi_password: { type: 'string', title: 'Wi-Fi password', minLength: 8, maxLength: 63 },
  wifi_enabled: { type: 'boolean', title: 'Wi-Fi enabled', default: true },
  wifi_channel: {
    type: 'integer',
    title: 'Wi-Fi channel (0 = auto)',
    minimum: 0,
    maximum: 165,
    default: 0,
  },
  wifi_bandwidth: { type: 'string', title: 'Channel bandwidth', enum: o.bandwidths, default: '40MHz' },
  wifi_security_mode: {
    type: 'string',
    title: 'Wi-Fi security',
    enum: o.securityModes,
    default: 'WPA2-PSK',
  },
  periodic_inform_interval: {
    type: 'integer',
    title: 'Inform interval (seconds)',
    minimum: 30,
    maximum: 86400,
    default: 300,
  },
  periodic_inform_enable: { type: 'boolean', title: 'Periodic inform', default: true },
  ntp_server: {
    type: 'string',
    title: 'NTP server',
    minLength: 1,
    maxLength: 64,
    default: 'hr.pool.ntp.org',
  },
  timezone: { type: 'string', title: 'Time zone', minLength: 1, maxLength: 64, default: 'Europe/Zagreb' },
  admin_password: { type: 'string', title: 'Admin password', minLength: 8, maxLength: 64 },
  wan_mtu: { type: 'integer', title: 'WAN MTU', minimum: 576, maximum: o.mtuMax, default: 1500 },
  remote_access_enabled: { type: 'boolean', title: 'Remote access', default: false },
});

const entry = (
  field: string,
  param: string,
  type: MappingEntry['type'],
  description: string,
  extra: Partial<MappingEntry> = {},
): MappingEntry => ({ field, param, type, required: false, description, ...extra });

const IGD_WLAN = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1';
const IGD_WAN = 'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1';

export const HUAWEI_EG8145V5: TemplateDefinition = {
  name: 'Huawei EG8145V5 Residential',
  vendor: 'Huawei',
  model: 'EG8145V5',
  dataModel: 'TR-098',
  version: '1.0.0',
  description:
    'Huawei EG8145V5 GPON ONT, 2.4 GHz Wi-Fi, PPPoE WAN, web admin password (TR-098). The EG8145V5 has no NTP, time zone or remote access parameters: those fields are not mapped.',
  mapping: [
    entry('wifi_ssid', `${IGD_WLAN}.SSID`, 'string', '2.4 GHz SSID', { required: true }),
    entry('wifi_password', `${IGD_WLAN}.PreSharedKey.1.KeyPassphrase`, 'string', 'WPA passphrase', {
      required: true,
    }),
    entry('wifi_enabled', `${IGD_WLAN}.Enable`, 'boolean', 'Wi-Fi on or off', { defaultValue: true }),
    entry('wifi_channel', `${IGD_WLAN}.Channel`, 'number', 'Channel; 0 = automatic', { defaultValue: 0 }),
    // Huawei X_HW_HT20 (unsignedInt): 0 = 20 MHz, 1 = 40 MHz on the 2.4 GHz radio (the dump's
    // 2.4 GHz radio reports 1, its 5 GHz radio 3); confirm against the firmware documentation.
    entry('wifi_bandwidth', `${IGD_WLAN}.X_HW_HT20`, 'string', 'Channel bandwidth (Huawei X_HW_HT20)', {
      defaultValue: '40MHz',
      valueMap: { '20MHz': 0, '40MHz': 1 },
    }),
    // TR-098 BeaconType: "11i" = WPA2 only, "WPAand11i" = WPA + WPA2 (the dump's value).
    entry('wifi_security_mode', `${IGD_WLAN}.BeaconType`, 'string', 'Security mode (TR-098 BeaconType)', {
      defaultValue: 'WPA2-PSK',
      valueMap: { 'WPA2-PSK': '11i', 'WPA/WPA2-PSK': 'WPAand11i' },
    }),
    entry(
      'periodic_inform_interval',
      'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
      'number',
      'Seconds between periodic Informs',
      { defaultValue: 300 },
    ),
    entry(
      'periodic_inform_enable',
      'InternetGatewayDevice.ManagementServer.PeriodicInformEnable',
      'boolean',
      'Periodic Inform on or off',
      { defaultValue: true },
    ),
    // The EG8145V5 keeps its web users in X_HW_WebUserInfo; instance 2 is "admin" in the dump.
    entry(
      'admin_password',
      'InternetGatewayDevice.UserInterface.X_HW_WebUserInfo.2.Password',
      'string',
      'Web admin password (Huawei X_HW_WebUserInfo)',
    ),
    entry('wan_mtu', `${IGD_WAN}.WANPPPConnection.1.MaxMRUSize`, 'number', 'PPPoE WAN MRU', {
      defaultValue: 1492,
    }),
  ],
  schema: commonSchema({
    bandwidths: ['20MHz', '40MHz'],
    securityModes: ['WPA2-PSK', 'WPA/WPA2-PSK'],
    mtuMax: 1500,
    without: ['ntp_server', 'timezone', 'remote_access_enabled'],
  }),
};

export const GENERIC_TR181: TemplateDefinition = {
  name: 'Generic TR-181 Router',
  vendor: 'Generic',
  model: 'TR-181 Router',
  dataModel: 'TR-181',
  version: '1.0.0',
  description: 'Any router with a TR-181 (Device:2) data model; first radio, SSID and access point.',
  mapping: [
    entry('wifi_ssid', 'Device.WiFi.SSID.1.SSID', 'string', 'SSID', { required: true }),
    entry('wifi_password', 'Device.WiFi.AccessPoint.1.Security.KeyPassphrase', 'string', 'WPA passphrase', {
      required: true,
    }),
    entry('wifi_enabled', 'Device.WiFi.SSID.1.Enable', 'boolean', 'SSID on or off', { defaultValue: true }),
    entry('wifi_channel', 'Device.WiFi.Radio.1.Channel', 'number', 'Channel; 0 = automatic', {
      defaultValue: 0,
    }),
    entry('wifi_bandwidth', 'Device.WiFi.Radio.1.OperatingChannelBandwidth', 'string', 'Channel bandwidth', {
      defaultValue: '40MHz',
    }),
    // TR-181 Security.ModeEnabled values (ModesSupported enumeration).
    entry('wifi_security_mode', 'Device.WiFi.AccessPoint.1.Security.ModeEnabled', 'string', 'Security mode', {
      defaultValue: 'WPA2-PSK',
      valueMap: {
        'WPA2-PSK': 'WPA2-Personal',
        'WPA3-SAE': 'WPA3-Personal',
        'WPA2-PSK/WPA3-SAE': 'WPA3-Personal-Transition',
      },
    }),
    entry(
      'periodic_inform_interval',
      'Device.ManagementServer.PeriodicInformInterval',
      'number',
      'Seconds between periodic Informs',
      { defaultValue: 300 },
    ),
    entry(
      'periodic_inform_enable',
      'Device.ManagementServer.PeriodicInformEnable',
      'boolean',
      'Periodic Inform',
      {
        defaultValue: true,
      },
    ),
    entry('ntp_server', 'Device.Time.NTPServer1', 'string', 'First NTP server', {
      defaultValue: 'hr.pool.ntp.org',
    }),
    entry('timezone', 'Device.Time.LocalTimeZone', 'string', 'Time zone (POSIX TZ string)', {
      defaultValue: 'Europe/Zagreb',
    }),
    entry('admin_password', 'Device.Users.User.1.Password', 'string', 'Password of the first user'),
    entry('wan_mtu', 'Device.IP.Interface.1.MaxMTUSize', 'number', 'MTU of the first IP interface', {
      defaultValue: 1500,
    }),
    entry(
      'remote_access_enabled',
      'Device.UserInterface.RemoteAccess.Enable',
      'boolean',
      'Remote GUI access',
      {
        defaultValue: false,
      },
    ),
  ],
  schema: commonSchema({
    bandwidths: ['20MHz', '40MHz', '80MHz', '160MHz'],
    securityModes: ['WPA2-PSK', 'WPA3-SAE', 'WPA2-PSK/WPA3-SAE'],
    mtuMax: 1500,
  }),
};

export const STARTER_TEMPLATES: readonly TemplateDefinition[] = [HUAWEI_EG8145V5, GENERIC_TR181];
