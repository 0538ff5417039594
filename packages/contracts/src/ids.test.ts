import { describe, expect, it } from 'vitest';
import { ID_MAX, recordId, recordIdParam } from './ids.ts';

describe('record ids', () => {
  it('take the 32-bit ids both databases hold and refuse larger ones, which PostgreSQL cannot compare', () => {
    expect(recordId.parse(ID_MAX)).toBe(ID_MAX);
    expect(recordIdParam.parse(String(ID_MAX))).toBe(ID_MAX);
    expect(recordId.safeParse(ID_MAX + 1).success).toBe(false);
    expect(recordIdParam.safeParse('9007199254740991').success).toBe(false);
    expect(recordIdParam.safeParse('0').success).toBe(false);
    expect(recordId.safeParse(1.5).success).toBe(false);
  });
});
