import { describe, expect, it } from 'vitest';
import { negotiateVersion, versionOfNamespace } from './version';

describe('version negotiation (TR-069 Amendment 6, 3.7.4)', () => {
  it('chooses the highest common version and answers UseCWMPVersion in cwmp-1-2', () => {
    expect(
      negotiateVersion({
        namespace: 'urn:dslforum-org:cwmp-1-2',
        header: { supportedCwmpVersions: ['1.0', '1.1', '1.2', '1.3', '1.4'] },
      }),
    ).toStrictEqual({
      ok: true,
      version: '1.4',
      namespace: 'urn:dslforum-org:cwmp-1-2',
      useCwmpVersion: '1.4',
    });
  });

  it('respects the versions the ACS speaks', () => {
    const r = negotiateVersion(
      { namespace: 'urn:dslforum-org:cwmp-1-0', header: { supportedCwmpVersions: ['1.0', '1.4'] } },
      ['1.0', '1.1'],
    );
    expect(r).toStrictEqual({
      ok: true,
      version: '1.0',
      namespace: 'urn:dslforum-org:cwmp-1-0',
      useCwmpVersion: '1.0',
    });
  });

  it('answers fault 8006 when there is no common version', () => {
    const r = negotiateVersion({
      namespace: 'urn:dslforum-org:cwmp-1-2',
      header: { supportedCwmpVersions: ['2.0'] },
    });
    expect(r).toMatchObject({ ok: false, faultCode: 8006 });
  });

  it('infers the version from the namespace without SupportedCWMPVersions, and sends no UseCWMPVersion', () => {
    expect(negotiateVersion({ namespace: 'urn:dslforum-org:cwmp-1-1', header: {} })).toStrictEqual({
      ok: true,
      version: '1.1',
      namespace: 'urn:dslforum-org:cwmp-1-1',
    });
    expect(
      negotiateVersion({ namespace: 'urn:dslforum-org:cwmp-1-2', header: { sessionTimeout: 60 } }),
    ).toMatchObject({
      version: '1.3',
    });
  });

  it('echoes an unofficial cwmp-1-4 namespace', () => {
    expect(negotiateVersion({ namespace: 'urn:dslforum-org:cwmp-1-4', header: {} })).toStrictEqual({
      ok: true,
      version: '1.4',
      namespace: 'urn:dslforum-org:cwmp-1-4',
    });
    expect(versionOfNamespace('urn:dslforum-org:cwmp-1-2')).toBe('1.2');
  });
});
