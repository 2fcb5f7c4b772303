import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWithSharedData, sharedDataPath } from '../../../../test-support/shared-data';
import { resolveModel } from './resolve-model';

const CSV =
  'Parameter,Object,Writable,Value,Value type\nDevice,true,false,,\nDevice.X,false,true,1,xsd:int\n';

describe('resolveModel', () => {
  it('returns the built-in model for tr181 without any files', () => {
    expect(resolveModel('TR181').name).toBe('tr181');
  });

  it('matches a short name case-insensitively against the CSV file names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'models-'));
    writeFileSync(join(dir, 'device-AcmeRouter-1.csv'), CSV);
    writeFileSync(join(dir, 'device-Other-2.csv'), CSV);
    expect(resolveModel('acmerouter', dir).nodes.map((n) => n.name)).toEqual(['Device.', 'Device.X']);
    expect(() => resolveModel('device', dir)).toThrow(/matches several models.*longer part/);
    expect(() => resolveModel('nope', dir)).toThrow(/No model matches "nope".*device-AcmeRouter-1.csv/);
  });

  it('says how to fix a short name with no models directory, or a missing file', () => {
    expect(() => resolveModel('eg8145v5')).toThrow(/--models-dir DIR \(or set PROVISOR_SIM_MODELS\)/);
    expect(() => resolveModel('/nowhere/x.csv')).toThrow(/does not exist/);
  });
});

describeWithSharedData('resolving the real router dumps', () => {
  it.each([
    ['eg8145v5', 'InternetGatewayDevice.', 'EG8145V5'],
    ['EG8145X6', 'InternetGatewayDevice.', 'EG8145X6'],
    ['ex220', 'Device.', 'Device2'],
    ['bm632w', 'InternetGatewayDevice.', 'BM632w'],
  ])('resolves %s', (name, root, productClass) => {
    expect(resolveModel(name, sharedDataPath('devices'))).toMatchObject({ root, productClass });
  });
});
