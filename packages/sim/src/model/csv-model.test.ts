import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../test-support/shared-data';
import { ModelError, loadCsvModel, parseCsvModel } from './csv-model';
import { ParameterTree } from './parameter-tree';

describe('parseCsvModel', () => {
  it('says which columns a CSV lacks', () => {
    expect(() => parseCsvModel('Name,Value\nx,1\n', 'broken')).toThrow(ModelError);
    expect(() => parseCsvModel('Name,Value\nx,1\n', 'broken')).toThrow(
      /missing Parameter, Object, Writable, Value type/,
    );
  });

  it('reads objects, writability and types, ignoring extra columns and virtual rows', () => {
    const model = parseCsvModel(
      [
        'Parameter,Object,Writable,Value,Value type,Extra',
        'DeviceID.OUI,false,false,ABCDEF,xsd:string,x',
        'Device,true,false,"",,',
        'Device.Time,true,false,"",,',
        'Device.Time.Enable,false,true,true,xsd:boolean,',
        'Device.Time.NTPServer1,false,true,"a,b",xsd:string,',
        'Tags.foo,false,true,true,xsd:boolean,',
      ].join('\n'),
      'mini',
    );
    expect(model.oui).toBe('ABCDEF');
    expect(model.root).toBe('Device.');
    expect(model.nodes.map((n) => n.name)).toEqual([
      'Device.',
      'Device.Time.',
      'Device.Time.Enable',
      'Device.Time.NTPServer1',
    ]);
    expect(model.nodes[2]).toMatchObject({ writable: true, type: 'xsd:boolean', value: 'true' });
    expect(model.nodes[3]).toMatchObject({ value: 'a,b' });
  });
});

describeWithSharedData('real router dumps in ../shared/data/devices', () => {
  const dir = sharedDataPath('devices');
  const files = readdirSync(dir).filter((f) => f.endsWith('.csv'));

  it('finds the four dumps', () => {
    expect(files).toHaveLength(4);
  });

  it.each([
    ['device-eg8145v5-no-voip.csv', 'InternetGatewayDevice.', '00259E', 'EG8145V5'],
    ['device-eg8145x6-static-wan.csv', 'InternetGatewayDevice.', '00259E', 'EG8145X6'],
    ['device-1C61B4-EX220-2226469000523.csv', 'Device.', '1C61B4', 'Device2'],
    ['data_model_202BC1-BM632w-8KA8WA1151100043.csv', 'InternetGatewayDevice.', '202BC1', 'BM632w'],
  ])('loads %s as a %s model of %s %s', (file, root, oui, productClass) => {
    const model = loadCsvModel(`${dir}/${file}`);
    expect(model).toMatchObject({ root, oui, productClass });
    const tree = new ParameterTree(model.nodes);
    expect(tree.value(`${root}DeviceInfo.SoftwareVersion`)).toMatch(/\S/);
    expect(tree.node(`${root}ManagementServer.`)?.object).toBe(true);
    expect(tree.size).toBeGreaterThan(300);
  });

  it('keeps the EG8145V5 WLAN SSID writable with its real value', () => {
    const tree = new ParameterTree(loadCsvModel(`${dir}/device-eg8145v5-no-voip.csv`).nodes);
    const ssid = tree.node('InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.SSID');
    expect(ssid).toMatchObject({ object: false, writable: true, type: 'xsd:string' });
  });
});
