import { describe, expect, it } from 'vitest';
import {
  OA_REPLY_PENDING_STATUSES,
  WAITING_ON_CUSTOMER_STATUSES,
  WAITING_ON_STAFF_STATUSES,
} from './patent-queue.ts';
import { FINAL_PATENT_STATUSES } from './patents.ts';

describe('who an order waits on, read from the transition table', () => {
  it('waits on staff where a reviewer move starts, on the customer where theirs (or a payment) does', () => {
    expect([...WAITING_ON_STAFF_STATUSES].sort((a, b) => a - b)).toEqual([2, 3, 4, 6, 7, 8, 9, 10, 19, 20]);
    expect([...WAITING_ON_CUSTOMER_STATUSES].sort((a, b) => a - b)).toEqual([-2, -1, 1, 5, 12]);
    expect([...OA_REPLY_PENDING_STATUSES].sort((a, b) => a - b)).toEqual([-2, 5, 6]);
  });

  it('puts no finished order in a queue, and no order in both', () => {
    for (const status of FINAL_PATENT_STATUSES) {
      expect(WAITING_ON_STAFF_STATUSES).not.toContain(status);
      expect(WAITING_ON_CUSTOMER_STATUSES).not.toContain(status);
    }
    expect(
      WAITING_ON_STAFF_STATUSES.filter((status) => WAITING_ON_CUSTOMER_STATUSES.includes(status)),
    ).toEqual([]);
  });
});
