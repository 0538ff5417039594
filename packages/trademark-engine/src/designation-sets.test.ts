import { describe, expect, it } from 'vitest';
import { DesignationSets, NO_DESIGNATIONS } from './designation-sets.ts';

describe('DesignationSets', () => {
  it('numbers each distinct list once, whatever its order, case or repeats', () => {
    const sets = new DesignationSets();
    const first = sets.intern(['FR', 'EM']);
    expect(sets.intern(['em', 'FR', 'FR'])).toBe(first);
    expect(sets.intern(['US'])).not.toBe(first);
    expect(sets.intern([])).toBe(NO_DESIGNATIONS);
    expect(sets.intern(undefined)).toBe(NO_DESIGNATIONS);
    expect(sets.size).toBe(3);
  });

  it('tells whether a list designates any wanted code', () => {
    const sets = new DesignationSets();
    const europe = sets.intern(['EM', 'CH']);
    const asia = sets.intern(['CN', 'JP']);
    const wanted = sets.wanted(['fr', 'EM', 'ZZ']);
    expect(sets.designatesAny(europe, wanted)).toBe(true);
    expect(sets.designatesAny(asia, wanted)).toBe(false);
    expect(sets.designatesAny(NO_DESIGNATIONS, wanted)).toBe(false);
    // A list added after the query was compiled designates nothing it wanted.
    const later = sets.intern(['ZZ']);
    expect(sets.designatesAny(later, wanted)).toBe(false);
    expect(sets.designatesAny(later, sets.wanted(['ZZ']))).toBe(true);
  });
});
