import { describe, expect, it } from 'vitest';
import { exportParameters, type ExportedDevice } from './export';

const device: ExportedDevice = {
  device: { id: 'd1', serial_number: 'SN<1>', oui: '00259E', product_class: 'EG8145V5' },
  params: {
    'IGD.B': { value: '=cmd()', type: 'string' },
    'IGD.A': { value: 'a,"b"', type: 'string' },
  },
};

describe('exportParameters', () => {
  it('writes CSV with one row per parameter, quoting commas and quotes, formula-looking cells as text', () => {
    const { body, contentType } = exportParameters([device], 'csv');
    expect(contentType).toBe('text/csv; charset=utf-8');
    expect(body.split('\r\n')).toEqual([
      'deviceId,serialNumber,oui,productClass,parameter,value,type',
      'd1,SN<1>,00259E,EG8145V5,IGD.A,"a,""b""",string',
      "d1,SN<1>,00259E,EG8145V5,IGD.B,'=cmd(),string",
      '',
    ]);
  });

  it('writes JSON and escaped XML', () => {
    expect(JSON.parse(exportParameters([device], 'json').body)[0].parameters['IGD.A']).toEqual({
      value: 'a,"b"',
      type: 'string',
    });
    const xml = exportParameters([device], 'xml').body;
    expect(xml).toContain('serialNumber="SN&lt;1&gt;"');
    expect(xml).toContain('<parameter name="IGD.A" type="string">a,&quot;b&quot;</parameter>');
  });
});
