import { describe, expect, it } from 'vitest';
import { displayValue, isLinkSecret, isSecretName, maskSecret, parameterLine } from './secrets';

describe('isSecretName', () => {
  it.each([
    'Device.WiFi.AccessPoint.1.Security.KeyPassphrase',
    'Device.WiFi.AccessPoint.1.Security.PreSharedKey',
    'Device.WiFi.AccessPoint.1.Security.SAEPassphrase',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.KeyPassphrase',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.PreSharedKey',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.WEPKey.1.WEPKey',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.X_HW_WPAKey',
    'Device.ManagementServer.ConnectionRequestPassword',
    'Device.ManagementServer.Password',
    'Device.ManagementServer.STUNPassword',
    'Device.PPP.Interface.1.Password',
    'Device.Users.User.1.Password',
    'InternetGatewayDevice.X_HW_Security.AdminPasswd',
    'Device.X_ACME_RADIUS.Secret',
    'Device.X_ACME_VPN.SharedSecret',
    'wifi_password',
    'admin_password',
    'wifi_psk',
    'api_key',
    'Wi-Fi Password',
  ])('holds a secret: %s', (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each([
    'Device.WiFi.SSID.1.SSID',
    'Device.WiFi.AccessPoint.1.Security.ModeEnabled',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.1.AssociatedDeviceMACAddress',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.WEPKeyIndex',
    'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.PreSharedKey.',
    'Device.ManagementServer.Username',
    'Device.ManagementServer.ConnectionRequestUsername',
    'Device.ManagementServer.ParameterKey',
    'Device.DeviceInfo.X_ACME_PublicKey',
    'Device.ManagementServer.URL',
    'wifi_ssid',
    'wifi_security_mode',
    'device_serial_number',
    'monkey_island', // "key" inside a word, not at its end
  ])('is public: %s', (name) => {
    expect(isSecretName(name)).toBe(false);
  });
});

describe('maskSecret', () => {
  it('shows the first 4 characters plus **** (spec §2 Customer Routers)', () => {
    expect(maskSecret('long-enough-secret')).toBe('long****');
    expect(maskSecret('abcde')).toBe('abcd****');
  });

  it('shows nothing of a value of 4 characters or fewer, and leaves an empty value empty', () => {
    expect(maskSecret('abcd')).toBe('****');
    expect(maskSecret('a')).toBe('****');
    expect(maskSecret('')).toBe('');
  });
});

describe('displayValue', () => {
  it('masks the values of secret names only', () => {
    expect(displayValue('Device.WiFi.AccessPoint.1.Security.KeyPassphrase', 'Horvat2024!')).toBe('Horv****');
    expect(displayValue('Device.WiFi.SSID.1.SSID', 'GT_Horvat')).toBe('GT_Horvat');
  });
});

describe('isLinkSecret', () => {
  it('names the link credentials the server blanks, under either root', () => {
    expect(isLinkSecret('Device.ManagementServer.ConnectionRequestPassword')).toBe(true);
    expect(isLinkSecret('InternetGatewayDevice.ManagementServer.Password')).toBe(true);
    expect(isLinkSecret('InternetGatewayDevice.ManagementServer.STUNPassword')).toBe(true);
    expect(isLinkSecret('Device.Users.User.1.Password')).toBe(false);
  });
});

describe('parameterLine', () => {
  it('writes name=value with the value masked when secret', () => {
    expect(parameterLine('Device.WiFi.SSID.1.SSID', 'GT_Horvat')).toBe('Device.WiFi.SSID.1.SSID=GT_Horvat');
    expect(parameterLine('Device.WiFi.AccessPoint.1.Security.KeyPassphrase', 'Horvat2024!')).toBe(
      'Device.WiFi.AccessPoint.1.Security.KeyPassphrase=Horv****',
    );
  });

  it('says a link credential the server blanked is not shown, rather than masking it again', () => {
    expect(parameterLine('Device.ManagementServer.ConnectionRequestPassword', '')).toBe(
      'Device.ManagementServer.ConnectionRequestPassword=(not shown)',
    );
    expect(parameterLine('Device.Users.User.1.Password', '')).toBe('Device.Users.User.1.Password=');
  });
});
