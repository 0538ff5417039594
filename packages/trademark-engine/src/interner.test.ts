import { describe, expect, it } from 'vitest';
import { StringInterner } from './interner.ts';

describe('StringInterner', () => {
  it('gives each distinct string one dense id', () => {
    const interner = new StringInterner();
    expect(interner.intern('US')).toBe(0);
    expect(interner.intern('CN')).toBe(1);
    expect(interner.intern('US')).toBe(0);
    expect(interner.find('CN')).toBe(1);
    expect(interner.find('EM')).toBe(-1);
    expect(interner.get(1)).toBe('CN');
    expect(interner.size).toBe(2);
    expect(() => interner.get(5)).toThrow(RangeError);
  });
});
