import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../../test-support/shared-data';
import { createDataModelsService, kindFits, modelPathOf, SKIPPED_WARNING } from './service';

describe('data-model check without models', () => {
  it('skips and says so', async () => {
    const dm = createDataModelsService({ dir: null });
    const r = await dm.check('TR-181', [{ field: 'x', param: 'Device.Nope', kind: 'string' }]);
    expect(r).toEqual({ errors: [], warnings: [SKIPPED_WARNING], types: new Map() });
  });

  it('turns instance numbers into {i} and matches kinds to types', () => {
    expect(modelPathOf('Device.WiFi.SSID.12.SSID')).toBe('Device.WiFi.SSID.{i}.SSID');
    expect(kindFits('boolean', 'unsignedInt')).toBe(false);
    expect(kindFits('number', 'unsignedInt')).toBe(true);
    expect(kindFits('number', 'string')).toBe(true);
    expect(kindFits('string', 'int')).toBe(false);
    expect(kindFits('boolean', 'boolean')).toBe(true);
  });
});

describeWithSharedData('data-model check against the BBF models', () => {
  const dm = createDataModelsService({ dir: sharedDataPath('bbf') });

  it('accepts writable parameters by instance number or {i}, with their types', async () => {
    const r = await dm.check('TR-181', [
      { field: 'ssid', param: 'Device.WiFi.SSID.1.SSID', kind: 'string' },
      { field: 'ch', param: 'Device.WiFi.Radio.{i}.Channel', kind: 'number' },
    ]);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.types.get('Device.WiFi.Radio.{i}.Channel')).toBe('unsignedInt');
  });

  it('names the path of an unknown, read-only or mistyped parameter', async () => {
    const r = await dm.check('TR-181', [
      { field: 'a', param: 'Device.WiFi.SSID.1.Nonexistent', kind: 'string' },
      { field: 'b', param: 'Device.DeviceInfo.UpTime', kind: 'number' },
      { field: 'c', param: 'Device.WiFi.Radio.1.Channel', kind: 'boolean' },
      { field: 'd', param: 'InternetGatewayDevice.Time.NTPServer1', kind: 'string' },
    ]);
    expect(r.errors).toEqual([
      'Parameter "Device.WiFi.SSID.1.Nonexistent" (field a) is not in the TR-181 data model (Device:2.17); check the path',
      'Parameter "Device.DeviceInfo.UpTime" (field b) is read-only in the TR-181 data model; map a writable parameter',
      'Parameter "Device.WiFi.Radio.1.Channel" (field c) is of type unsignedInt in the TR-181 data model; a boolean field cannot set it',
      'Parameter "InternetGatewayDevice.Time.NTPServer1" (field d) is not a TR-181 path; TR-181 paths start with "Device."',
    ]);
  });

  it('lets vendor extensions (X_...) through with a warning, if their parent object exists', async () => {
    const r = await dm.check('TR-098', [
      {
        field: 'admin',
        param: 'InternetGatewayDevice.UserInterface.X_HW_WebUserInfo.2.Password',
        kind: 'string',
      },
      { field: 'bad', param: 'InternetGatewayDevice.NoSuchThing.X_HW_Foo', kind: 'string' },
    ]);
    expect(r.warnings).toEqual([
      'Parameter "InternetGatewayDevice.UserInterface.X_HW_WebUserInfo.2.Password" (field admin) is a vendor extension (X_...); it is not checked against the TR-098 model',
    ]);
    expect(r.errors).toEqual([
      'Parameter "InternetGatewayDevice.NoSuchThing.X_HW_Foo" (field bad) hangs off "InternetGatewayDevice.NoSuchThing.", which is not an object of the TR-098 model',
    ]);
  });
});
