import { describe, expect, it } from 'vitest';
import { parseCli } from './options';

describe('parseCli', () => {
  it('turns the documented command line into fleet options', () => {
    const c = parseCli(
      [
        '--acs',
        'http://127.0.0.1:3029/',
        '--count',
        '100',
        '--model',
        'eg8145v5',
        '--serial',
        'HWTC{i:06}',
        '--interval',
        '300',
        '--username',
        'u',
        '--password',
        'p',
        '--offline',
        '0.1',
        '--cr-drop-mode',
        'no-answer',
      ],
      { PROVISOR_SIM_MODELS: '/models' },
    );
    expect(c.fleet).toMatchObject({
      acsUrl: 'http://127.0.0.1:3029/',
      count: 100,
      model: 'eg8145v5',
      modelsDir: '/models',
      serialTemplate: 'HWTC{i:06}',
      periodicInterval: 300,
      auth: { username: 'u', password: 'p' },
      crHost: '127.0.0.1',
      crPort: 0,
      faults: { offlineShare: 0.1, crDropMode: 'no-answer' },
    });
    expect(c.duration).toBe(0);
  });

  it('takes how devices come back from reboots (standard unless told), and refuses an unknown kind', () => {
    expect(parseCli(['--acs', 'http://x/']).fleet.reboots).toEqual({
      rebootEvents: 'standard',
      factoryResetEvents: 'standard',
      comesBack: true,
    });
    const c = parseCli([
      '--acs',
      'http://x/',
      '--reboot-events',
      'empty-command-key',
      '--factory-reset-events',
      'boot-only',
      '--stay-down',
    ]);
    expect(c.fleet.reboots).toEqual({
      rebootEvents: 'empty-command-key',
      factoryResetEvents: 'boot-only',
      comesBack: false,
    });
    expect(() => parseCli(['--acs', 'http://x/', '--reboot-events', 'sometimes'])).toThrow(
      /--reboot-events.*boot-only/,
    );
  });

  it('prefers --models-dir over PROVISOR_SIM_MODELS', () => {
    const c = parseCli(['--acs', 'http://x/', '--models-dir', '/a'], { PROVISOR_SIM_MODELS: '/b' });
    expect(c.fleet.modelsDir).toBe('/a');
  });

  it('sends uploads by PUT unless told --upload-method post, and names the choices on a bad one', () => {
    expect(parseCli(['--acs', 'http://x/']).fleet.uploadMethod).toBe('PUT');
    expect(parseCli(['--acs', 'http://x/', '--upload-method', 'post']).fleet.uploadMethod).toBe('POST');
    expect(() => parseCli(['--acs', 'http://x/', '--upload-method', 'ftp'])).toThrow(/put, post/);
  });

  it('takes the router quirks (none unless told) and the names devices will not read', () => {
    expect(parseCli(['--acs', 'http://x/']).fleet.quirks).toEqual({
      emptyContentType: false,
      undeclaredPrefixes: 'none',
      md5FirstChallengeOnly: false,
      crDigestChallenges: ['MD5'],
    });
    const c = parseCli([
      '--acs',
      'http://x/',
      '--empty-content-type',
      '--undeclared-prefixes',
      'faults',
      '--md5-first-challenge-only',
      '--cr-digest-challenges',
      'SHA-512-256, MD5',
      '--unreadable',
      'Device.A.B,Device.C',
    ]);
    expect(c.fleet.quirks).toEqual({
      emptyContentType: true,
      undeclaredPrefixes: 'faults',
      md5FirstChallengeOnly: true,
      crDigestChallenges: ['SHA-512-256', 'MD5'],
    });
    expect(c.fleet.faults?.unreadableNames).toEqual(['Device.A.B', 'Device.C']);
    expect(() => parseCli(['--acs', 'http://x/', '--undeclared-prefixes', 'some'])).toThrow(
      /none, faults, all/,
    );
  });

  it('says what is wrong with a bad number or a missing --acs', () => {
    expect(() => parseCli(['--acs', 'http://x/', '--count', 'many'])).toThrow(
      /--count must be a whole number from 1/,
    );
    expect(() => parseCli(['--acs', 'http://x/', '--offline', '2'])).toThrow(/a share, e.g. 0.1/);
    expect(() => parseCli([])).toThrow(/--acs/);
  });
});
