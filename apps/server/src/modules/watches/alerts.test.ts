import { describe, expect, it } from 'vitest';
import { digestWeek } from './alerts.ts';

describe('the weekly watch digest', () => {
  it('goes out on the next Monday at 09:00 Beijing time and covers the week before it', () => {
    expect(digestWeek(new Date('2026-11-25T10:00:00Z'))).toEqual({
      runAt: '2026-11-30T01:00:00.000Z',
      since: '2026-11-23T01:00:00.000Z',
    });
    expect(digestWeek(new Date('2026-11-30T00:30:00Z')).runAt).toBe('2026-11-30T01:00:00.000Z');
    expect(digestWeek(new Date('2026-11-30T01:00:00Z')).runAt).toBe('2026-12-07T01:00:00.000Z');
    expect(digestWeek(new Date('2026-11-29T23:59:00Z')).runAt).toBe('2026-11-30T01:00:00.000Z');
  });
});
