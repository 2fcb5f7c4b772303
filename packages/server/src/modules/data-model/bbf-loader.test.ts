import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../../test-support/shared-data';
import { dataModelNameOf, parseBbfXml } from './bbf-loader';

const tiny = `<?xml version="1.0"?>
<!-- <object name="Commented.Out." access="readWrite"> -->
<dm:document xmlns:dm="urn:broadband-forum-org:cwmp:datamodel-1-14">
  <dataType name="IPAddress"><string><size maxLength="45"/></string></dataType>
  <dataType name="IPv4Address" base="IPAddress"/>
  <dataType name="Counter"><unsignedLong/></dataType>
  <model name="Device:2.17">
    <object name="Device." access="readOnly" minEntries="1" maxEntries="1">
      <parameter name="RootDataModelVersion" access="readOnly">
        <description>Uses &lt;b&gt; entities &amp; no tags.</description>
        <syntax><string/></syntax>
      </parameter>
    </object>
    <object name="Device.IP.Interface.{i}." access="readWrite" minEntries="0" maxEntries="unbounded">
      <uniqueKey><parameter ref="Alias"/></uniqueKey>
      <parameter name="MaxMTUSize" access="readWrite"><syntax><unsignedInt><range minInclusive="64"/></unsignedInt></syntax></parameter>
      <parameter name="Address" access="readWrite"><syntax><dataType ref="IPv4Address"/></syntax></parameter>
      <parameter name="Bytes" access="readOnly"><syntax><dataType ref="Counter"/></syntax></parameter>
      <parameter name="Servers" access="readWrite"><syntax><list maxItems="4"/><unsignedInt/></syntax></parameter>
      <parameter name="Enable" access="readWrite"><syntax hidden="true"><boolean/><default type="object" value="false"/></syntax></parameter>
    </object>
  </model>
</dm:document>`;

describe('BBF data-model scanner', () => {
  it('reads objects, parameters, access and types; resolves data types through their bases', () => {
    const m = parseBbfXml(tiny);
    expect(m.name).toBe('Device:2.17');
    expect(dataModelNameOf(m)).toBe('TR-181');
    expect([...m.objects.keys()]).toEqual(['Device.', 'Device.IP.Interface.{i}.']);
    expect(Object.fromEntries([...m.parameters].map(([k, v]) => [k, `${v.access} ${v.type}`]))).toEqual({
      'Device.RootDataModelVersion': 'readOnly string',
      'Device.IP.Interface.{i}.MaxMTUSize': 'readWrite unsignedInt',
      'Device.IP.Interface.{i}.Address': 'readWrite string',
      'Device.IP.Interface.{i}.Bytes': 'readOnly unsignedLong',
      // Lists travel as comma-separated strings (TR-106 list-valued parameters).
      'Device.IP.Interface.{i}.Servers': 'readWrite string',
      'Device.IP.Interface.{i}.Enable': 'readWrite boolean',
    });
  });

  it('refuses a file without a model', () => {
    expect(() => parseBbfXml('<dm:document></dm:document>')).toThrow(/no <model>/);
  });
});

describeWithSharedData('BBF data-model scanner on the real models (../shared/data/bbf)', () => {
  const tr181 = parseBbfXml(readFileSync(sharedDataPath('bbf', 'tr-181-2-17-0-cwmp-full.xml'), 'utf8'));
  const tr098 = parseBbfXml(readFileSync(sharedDataPath('bbf', 'tr-098-1-8-0-full.xml'), 'utf8'));

  it('reads TR-181 2.17 whole', () => {
    expect(tr181.name).toBe('Device:2.17');
    expect(tr181.root).toBe('Device.');
    expect(tr181.parameters.size).toBeGreaterThan(6000);
    expect(tr181.parameters.get('Device.WiFi.Radio.{i}.Channel')).toEqual({
      access: 'readWrite',
      type: 'unsignedInt',
      object: 'Device.WiFi.Radio.{i}.',
    });
    expect(tr181.parameters.get('Device.DeviceInfo.UpTime')?.access).toBe('readOnly');
    expect(tr181.parameters.get('Device.WiFi.SSID.{i}.Enable')?.type).toBe('boolean');
    // A dataType reference: StatsCounter64 is an unsignedLong.
    expect(tr181.parameters.get('Device.IP.Interface.{i}.Stats.BytesSent')?.type).toBe('unsignedLong');
  });

  it('reads TR-098 1.8 whole', () => {
    expect(dataModelNameOf(tr098)).toBe('TR-098');
    expect(tr098.parameters.size).toBeGreaterThan(1700);
    expect(
      tr098.parameters.get('InternetGatewayDevice.LANDevice.{i}.WLANConfiguration.{i}.BeaconType'),
    ).toMatchObject({ access: 'readWrite', type: 'string' });
    expect(tr098.parameters.get('InternetGatewayDevice.ManagementServer.PeriodicInformInterval')?.type).toBe(
      'unsignedInt',
    );
  });
});
