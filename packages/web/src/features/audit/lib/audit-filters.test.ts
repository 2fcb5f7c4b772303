import { describe, expect, it } from 'vitest';
import { auditParams, EMPTY_FILTERS, validateFilters } from './audit-filters';

describe('audit filters', () => {
  it('sends only what was typed, trimmed, with local times as ISO 8601 and the page', () => {
    const from = '2026-05-01T08:00';
    expect(
      auditParams(
        { ...EMPTY_FILTERS, actor: ' op1 ', action: 'devices.reboot', from },
        { limit: 50, offset: 100 },
      ),
    ).toEqual({
      actor: 'op1',
      action: 'devices.reboot',
      from: new Date(from).toISOString(),
      limit: 50,
      offset: 100,
    });
    expect(auditParams(EMPTY_FILTERS)).toEqual({});
  });

  it('refuses a To before From, saying which to fix', () => {
    expect(validateFilters({ ...EMPTY_FILTERS, from: '2026-05-02T08:00', to: '2026-05-01T08:00' })).toEqual({
      to: 'To is before From: pick a To time after the From time.',
    });
    expect(validateFilters({ ...EMPTY_FILTERS, from: '2026-05-01T08:00' })).toEqual({});
  });
});
