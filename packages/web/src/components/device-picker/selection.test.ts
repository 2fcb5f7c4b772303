import { describe, expect, it } from 'vitest';
import { NO_DEVICES, selectionBody, selectionIsEmpty } from './selection';

describe('what the device picker sends', () => {
  it('sends ids, a filter without empty fields, or a saved group, one only', () => {
    expect(selectionBody({ kind: 'ids', ids: ['a', 'b'] })).toEqual({ deviceIds: ['a', 'b'] });
    expect(selectionBody({ kind: 'filter', filter: { search: 'HWTC', status: undefined } })).toEqual({
      filter: { search: 'HWTC' },
    });
    expect(selectionBody({ kind: 'group', groupId: 'g1', name: 'Zagreb', size: 40 })).toEqual({
      groupId: 'g1',
    });
  });

  it('is empty with no device, or a group that matched none when it was picked', () => {
    expect(selectionIsEmpty(NO_DEVICES)).toBe(true);
    expect(selectionIsEmpty({ kind: 'group', groupId: 'g1', name: 'Empty', size: 0 })).toBe(true);
    expect(selectionIsEmpty({ kind: 'group', groupId: 'g1', name: 'Zagreb', size: 40 })).toBe(false);
    expect(selectionIsEmpty({ kind: 'filter', filter: {} })).toBe(false);
  });
});
