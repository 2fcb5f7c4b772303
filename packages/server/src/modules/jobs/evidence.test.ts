// What the router's next Inform shows of an RPC whose answer was lost (evidence.ts).
import { describe, expect, it } from 'vitest';
import { lostAnswerShown } from './evidence';

const inform = (events: string[], o: { keys?: Record<string, string>; parameterKey?: string } = {}) => ({
  events,
  commandKeys: o.keys ?? {},
  ...(o.parameterKey !== undefined ? { parameterKey: o.parameterKey } : {}),
});

describe('the evidence of a lost answer', () => {
  it('takes a change as applied only when the router reports its ParameterKey', () => {
    expect(
      lostAnswerShown('SetParameterValues', 'k1', inform(['2 PERIODIC'], { parameterKey: 'k1' })),
    ).toEqual({
      name: 'SetParameterValuesResponse',
      status: 0,
    });
    expect(
      lostAnswerShown('SetParameterValues', 'k1', inform(['2 PERIODIC'], { parameterKey: 'k0' })),
    ).toBeNull();
    expect(lostAnswerShown('SetParameterValues', 'k1', inform(['2 PERIODIC']))).toBeNull();
    expect(lostAnswerShown('SetParameterValues', '', inform([], { parameterKey: '' }))).toBeNull();
    expect(lostAnswerShown('DeleteObject', 'k2', inform([], { parameterKey: 'k2' }))).toMatchObject({
      name: 'DeleteObjectResponse',
    });
  });

  it('takes a reboot or reset from the boot events, a transfer from its M event with the key', () => {
    expect(lostAnswerShown('Reboot', 'k', inform(['1 BOOT']))).toEqual({ name: 'RebootResponse' });
    expect(lostAnswerShown('Reboot', 'k', inform(['6 CONNECTION REQUEST']))).toBeNull();
    expect(lostAnswerShown('FactoryReset', '', inform(['0 BOOTSTRAP', '1 BOOT']))).toEqual({
      name: 'FactoryResetResponse',
    });
    expect(
      lostAnswerShown('Download', 'k', inform(['M Download'], { keys: { 'M Download': 'k' } })),
    ).toMatchObject({
      name: 'DownloadResponse',
      status: 1,
    });
    expect(
      lostAnswerShown('Download', 'k', inform(['M Download'], { keys: { 'M Download': 'other' } })),
    ).toBeNull();
    expect(lostAnswerShown('Upload', 'k', inform(['M Upload'], { keys: { 'M Upload': 'k' } }))).toMatchObject(
      {
        name: 'UploadResponse',
      },
    );
  });

  it('has none for what only an answer tells (an AddObject, a read)', () => {
    expect(lostAnswerShown('AddObject', 'k', inform([], { parameterKey: 'k' }))).toBeNull();
    expect(lostAnswerShown('GetParameterValues', 'k', inform(['1 BOOT']))).toBeNull();
    expect(lostAnswerShown(undefined, 'k', inform(['1 BOOT']))).toBeNull();
  });
});
