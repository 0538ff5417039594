import { describe, expect, it } from 'vitest';
import { ALL_STATUSES, keptStatus } from './PatentStatusTabs.tsx';

const counts = [
  { statusName: '全部', status: null, count: 3 },
  { statusName: '待上传资料', status: 1, count: 2 },
  { statusName: '已设定登录', status: 20, count: 1 },
];

describe('the chosen status tab after an answer', () => {
  it('stays while the answer offers it', () => {
    expect(keptStatus('20', counts)).toBe('20');
    expect(keptStatus(ALL_STATUSES, counts)).toBe(ALL_STATUSES);
  });

  it('goes back to 全部 when its tab is gone (the Japanese tabs without the Japan filter)', () => {
    expect(keptStatus('20', counts.slice(0, 2))).toBe(ALL_STATUSES);
  });

  it('waits for the first answer before judging', () => {
    expect(keptStatus('20', [])).toBe('20');
  });
});
