// The two inputs of the codec benchmark: a real ~3 KB Inform and a 1,000-parameter
// GetParameterValuesResponse built with the codec itself (mixed types, some text needing escapes).
import { existsSync, readFileSync } from 'node:fs';
import { encode, parameterValue } from '@provisor/cwmp';
import type { ParameterValue } from '@provisor/cwmp';
import { sharedDataPath } from '../../test-support/shared-data';

export interface BenchInput {
  name: string;
  xml: string;
  /** Where the input came from, for the README and the JSON. */
  source: string;
}

/** The SimulaTR69 Inform capture from ../shared (3,446 bytes); a built one of similar size without it. */
export function informInput(): BenchInput {
  const path = sharedDataPath('cwmp-samples', 'inform_request.xml');
  if (existsSync(path))
    return { name: 'Inform', xml: readFileSync(path, 'utf8'), source: 'cwmp-samples/inform_request.xml' };
  const parameterList: ParameterValue[] = [];
  for (let i = 0; i < 14; i++)
    parameterList.push(parameterValue(`Device.DeviceInfo.X_Param${i}`, 'string', `value-${i}`));
  const xml = encode({
    header: { id: '123' },
    body: {
      name: 'Inform',
      deviceId: {
        manufacturer: 'ACME Networks',
        oui: 'DECADE',
        productClass: 'G3000E',
        serialNumber: 'SN-1',
      },
      event: [{ eventCode: '0 BOOTSTRAP', commandKey: '' }],
      maxEnvelopes: 1,
      currentTime: '2024-06-10T01:33:00Z',
      retryCount: 0,
      parameterList,
    },
  });
  return { name: 'Inform', xml, source: 'built (../shared not found)' };
}

function parameter(i: number): ParameterValue {
  const base = `Device.WiFi.AccessPoint.${(i % 8) + 1}.AssociatedDevice.${i}.`;
  switch (i % 6) {
    case 0:
      return parameterValue(
        base + 'MACAddress',
        'string',
        `de:ca:de:${(i % 256).toString(16).padStart(2, '0')}:11:22`,
      );
    case 1:
      return parameterValue(base + 'SignalStrength', 'int', -40 - (i % 50));
    case 2:
      return parameterValue(base + 'Stats.BytesSent', 'unsignedLong', BigInt(i) * 1_000_003n);
    case 3:
      return parameterValue(base + 'Active', 'boolean', i % 4 === 3);
    case 4:
      return parameterValue(base + 'LastDataDownlinkRate', 'unsignedInt', 1000 * i);
    default:
      return parameterValue(base + 'X_ACME_Note', 'string', `Tom & Jerry's <router> #${i}`);
  }
}

/** A GetParameterValuesResponse with 1,000 ParameterValueStructs (about 150 KB). */
export function gpvResponseInput(): BenchInput {
  const parameterList = Array.from({ length: 1000 }, (_, i) => parameter(i));
  const xml = encode({
    namespace: 'urn:dslforum-org:cwmp-1-2',
    header: { id: 'gpv-1' },
    body: { name: 'GetParameterValuesResponse', parameterList },
  });
  return { name: 'GPVResponse x1000', xml, source: 'built by bench/cwmp-codec/inputs.ts' };
}
