import { describe, expect, it } from 'vitest';
import { templateFilterLabels } from './template-labels';

describe('templateFilterLabels', () => {
  it('names a template by vendor and model (spec §2 Profiles)', () => {
    const labels = templateFilterLabels([
      { id: 'a', name: 'Residential', vendor: 'Huawei', model: 'EG8145V5' },
      { id: 'b', name: 'Lab', vendor: 'Acme', model: 'LAB1' },
    ]);
    expect([...labels.values()]).toEqual(['Huawei EG8145V5', 'Acme LAB1']);
  });

  it('adds the name where two templates share vendor and model, so no two entries read the same', () => {
    const labels = templateFilterLabels([
      { id: 'a', name: 'Residential', vendor: 'Huawei', model: 'EG8145V5' },
      { id: 'b', name: 'Business', vendor: 'huawei', model: 'EG8145V5' },
      { id: 'c', name: 'Lab', vendor: 'Acme', model: 'LAB1' },
    ]);
    expect(labels.get('a')).toBe('Huawei EG8145V5 (Residential)');
    expect(labels.get('b')).toBe('huawei EG8145V5 (Business)');
    expect(labels.get('c')).toBe('Acme LAB1');
  });
});
