import { describe, expect, it } from 'vitest';
import { buildBulkRequest, emptyForm, showsFailureBanner, type OperationForm } from './operation-form';

const ids = { kind: 'ids', ids: ['d1', 'd2'] } as const;
const form = (changes: Partial<OperationForm>): OperationForm => ({ ...emptyForm(), ...changes });

describe('bulk operation form (spec §5 "Bulk operations")', () => {
  it('runs nothing without devices', () => {
    expect(buildBulkRequest('reboot', emptyForm(), { kind: 'ids', ids: [] })).toEqual({
      error: 'Select at least one device.',
    });
  });

  it('sends parameters only when some row has both a name and a value, and refuses a half-filled row', () => {
    expect(buildBulkRequest('parameters', emptyForm(), ids)).toEqual({
      error: 'Enter a parameter name and value.',
    });
    const half = form({
      parameters: [
        { key: 0, name: 'Device.Time.NTPServer1', value: 'ntp' },
        { key: 1, name: 'Device.Time.NTPServer2', value: '' },
      ],
    });
    expect(buildBulkRequest('parameters', half, ids)).toEqual({
      error: 'Parameter row 2 needs both a name and a value (or clear it).',
    });
    const good = form({
      parameters: [
        { key: 0, name: ' Device.Time.NTPServer1 ', value: 'ntp' },
        { key: 1, name: '', value: '' },
      ],
    });
    expect(buildBulkRequest('parameters', good, ids)).toEqual({
      request: {
        kind: 'jobs',
        operation: 'parameters',
        path: '/api/provisioning/bulk/set-parameters',
        body: { deviceIds: ['d1', 'd2'], parameters: [{ name: 'Device.Time.NTPServer1', value: 'ntp' }] },
      },
    });
  });

  it('names "all matching" devices by the filter, never by ids', () => {
    const built = buildBulkRequest('reboot', emptyForm(), {
      kind: 'filter',
      filter: { search: 'SN', status: 'online' },
    });
    expect(built).toEqual({
      request: {
        kind: 'jobs',
        operation: 'reboot',
        path: '/api/provisioning/bulk/reboot',
        body: { filter: { search: 'SN', status: 'online' } },
      },
    });
    const everything = buildBulkRequest('reboot', emptyForm(), { kind: 'filter', filter: {} });
    expect('request' in everything && everything.request.body).toEqual({ filter: {} });
  });

  it('needs a firmware URL and a version; a stored file goes as its id until the URL is edited', () => {
    expect(buildBulkRequest('firmware', form({ firmwareUrl: 'http://x/fw.bin' }), ids)).toEqual({
      error: 'Enter both a firmware URL and a version.',
    });
    const url = 'http://acs.example/api/files/f1/download';
    const stored = form({ firmwareFile: { id: 'f1', url }, firmwareUrl: url, version: '2.0' });
    expect(buildBulkRequest('firmware', stored, ids)).toMatchObject({
      request: { body: { deviceIds: ['d1', 'd2'], fileId: 'f1', version: '2.0' } },
    });
    const edited = { ...stored, firmwareUrl: 'http://mirror.example/fw.bin' };
    const body = buildBulkRequest('firmware', edited, ids);
    expect(body).toMatchObject({
      request: { body: { firmwareUrl: 'http://mirror.example/fw.bin', version: '2.0' } },
    });
    expect('request' in body && 'fileId' in body.request.body).toBe(false);
  });

  it('needs a profile id', () => {
    expect(buildBulkRequest('profile', form({ profileId: '  ' }), ids)).toEqual({
      error: 'Enter a profile ID.',
    });
    expect(buildBulkRequest('profile', form({ profileId: 'p1' }), ids)).toMatchObject({
      request: {
        path: '/api/provisioning/assign-profile',
        body: { deviceIds: ['d1', 'd2'], profileId: 'p1' },
      },
    });
  });

  it('exports in the chosen format; the banner is not for firmware or profile failures (spec §2)', () => {
    expect(buildBulkRequest('export', form({ format: 'xml' }), ids)).toMatchObject({
      request: { kind: 'export', body: { deviceIds: ['d1', 'd2'], format: 'xml' } },
    });
    expect(
      ['parameters', 'reboot', 'firmware', 'profile', 'export'].map((o) => showsFailureBanner(o as never)),
    ).toEqual([true, true, false, false, true]);
  });
});
