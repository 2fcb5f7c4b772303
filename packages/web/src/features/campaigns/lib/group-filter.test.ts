import { describe, expect, it } from 'vitest';
import { describeFilter, emptyGroupFilter, toGroupFilter } from './group-filter';

describe('group filter', () => {
  it('sends only the fields given, trimmed', () => {
    expect(toGroupFilter({ ...emptyGroupFilter, search: ' ZG ', status: 'online', profileId: 'p1' })).toEqual(
      {
        filter: { search: 'ZG', status: 'online', profileId: 'p1' },
      },
    );
    expect(toGroupFilter(emptyGroupFilter)).toEqual({ filter: {} });
  });

  it('says which field is too long', () => {
    expect(toGroupFilter({ ...emptyGroupFilter, oui: '00259E1' })).toEqual({
      errors: { oui: 'OUI must be at most 6 characters.' },
    });
  });

  it('describes a filter in words', () => {
    expect(describeFilter({})).toBe('All devices');
    expect(describeFilter({ search: 'ZG', softwareVersion: '4.1' })).toBe('search "ZG", version 4.1');
  });
});
