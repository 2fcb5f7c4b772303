import { describe, expect, it } from 'vitest';
import { decode } from '../decode';
import { encode } from '../encode';
import { CwmpParseError } from '../errors';
import type { CwmpMessage, MessageOf } from '../message';
import { parameterValue } from '../values';
import type { DeviceIdStruct } from './inform';

/** Encoded Inform bytes with these DeviceId fields (encode does not check them; decode does). */
function informWith(deviceId: Partial<DeviceIdStruct>): Uint8Array {
  const body: MessageOf<'Inform'> = {
    name: 'Inform',
    deviceId: { manufacturer: 'Acme', oui: '00259E', productClass: 'HG', serialNumber: 'S1', ...deviceId },
    event: [{ eventCode: '1 BOOT', commandKey: '' }],
    maxEnvelopes: 1,
    currentTime: '2024-05-01T10:00:00Z',
    retryCount: 0,
    parameterList: [],
  };
  return new TextEncoder().encode(encode({ header: { id: 'inf-1' }, body }));
}

function decodeError(bytes: Uint8Array): CwmpParseError {
  try {
    decode(bytes);
  } catch (e) {
    expect(e).toBeInstanceOf(CwmpParseError);
    return e as CwmpParseError;
  }
  throw new Error('decoded without error');
}

describe('inform', () => {
  it('round-trips Inform', () => {
    const msg: CwmpMessage = {
      name: 'Inform',
      deviceId: { manufacturer: 'ACME & Sons', oui: '00259E', productClass: '', serialNumber: 'ABC123' },
      event: [
        { eventCode: '1 BOOT', commandKey: '' },
        { eventCode: 'M Reboot', commandKey: 'rb-42' },
      ],
      maxEnvelopes: 1,
      currentTime: '2024-05-01T10:00:00Z',
      retryCount: 3,
      parameterList: [parameterValue('Device.DeviceInfo.SoftwareVersion', 'string', '1.2.3')],
    };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  it('round-trips InformResponse', () => {
    const msg: CwmpMessage = { name: 'InformResponse', maxEnvelopes: 1 };
    const xml = encode({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { id: 'req-1' }, body: msg });
    const { envelope, warnings } = decode(xml);
    expect(envelope).toStrictEqual({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { id: 'req-1' },
      body: msg,
    });
    expect(warnings).toStrictEqual([]);
  });

  describe('DeviceId limits of TR-069 A.3.3.1', () => {
    it.each(['Manufacturer', 'ProductClass', 'SerialNumber'] as const)(
      'refuses a %s longer than 64 characters, naming the field',
      (field) => {
        const key = (field[0]!.toLowerCase() + field.slice(1)) as keyof DeviceIdStruct;
        const err = decodeError(informWith({ [key]: 'x'.repeat(100_000) }));
        expect(err.code).toBe('CWMP_ERR_INVALID_VALUE');
        expect(err.message).toContain(`DeviceId/${field} is 100000 characters; TR-069 allows at most 64`);
        // The header was read, so the ACS can answer 8003 echoing cwmp:ID.
        expect(err.context).toMatchObject({ id: 'inf-1', method: 'Inform' });
        expect(decode(informWith({ [key]: 'x'.repeat(64) })).message).toMatchObject({
          deviceId: { [key]: 'x'.repeat(64) },
        });
      },
    );

    it('counts characters, not UTF-16 units', () => {
      const serial = '😀'.repeat(64);
      expect(decode(informWith({ serialNumber: serial })).message).toMatchObject({
        deviceId: { serialNumber: serial },
      });
      expect(decodeError(informWith({ serialNumber: serial + 'x' })).message).toContain(
        'DeviceId/SerialNumber is 65 characters',
      );
    });

    it.each(['00259', '00259EE', '00259G', ' 00259E', ''])(
      'refuses the OUI "%s", naming the field',
      (oui) => {
        const err = decodeError(informWith({ oui }));
        expect(err.code).toBe('CWMP_ERR_INVALID_VALUE');
        expect(err.message).toContain('DeviceId/OUI');
        expect(err.message).toContain('six hexadecimal digits');
      },
    );

    it('accepts an OUI in lower case, as the ACS does', () => {
      expect(decode(informWith({ oui: '00259e' })).message).toMatchObject({ deviceId: { oui: '00259e' } });
    });

    it('does not repeat a long OUI in the message', () => {
      expect(decodeError(informWith({ oui: 'A'.repeat(10_000) })).message).toContain(
        'DeviceId/OUI is 10000 characters',
      );
    });

    it.each(['', '   '])('refuses the empty SerialNumber "%s"', (serialNumber) => {
      const err = decodeError(informWith({ serialNumber }));
      expect(err.code).toBe('CWMP_ERR_INVALID_VALUE');
      expect(err.message).toContain('DeviceId/SerialNumber is empty');
    });

    it('accepts an empty ProductClass and an empty Manufacturer', () => {
      expect(decode(informWith({ productClass: '', manufacturer: '' })).message).toMatchObject({
        deviceId: { productClass: '', manufacturer: '' },
      });
    });
  });
});
