import { describe, expect, it } from 'vitest';
import { fittingTabCount, shownTabIndexes } from './StatusTabs.tsx';

describe('fittingTabCount', () => {
  it('keeps every tab when all fit, else as many as fit beside the more button', () => {
    expect(fittingTabCount(400, [100, 100, 100], 60)).toBe(3);
    expect(fittingTabCount(270, [100, 100, 100], 60)).toBe(2);
    expect(fittingTabCount(100, [100, 100, 100], 60)).toBe(0);
  });
});

describe('shownTabIndexes', () => {
  it('shows the tabs that fit when the selected one is among them', () => {
    expect(shownTabIndexes(270, [100, 100, 100, 100], 60, 1)).toEqual([0, 1]);
  });

  it('puts a selected tab that does not fit in place of the last that do', () => {
    expect(shownTabIndexes(270, [100, 100, 100, 100], 60, 3)).toEqual([0, 3]);
    // A wide selected tab leaves room for fewer of the first.
    expect(shownTabIndexes(270, [100, 100, 100, 150], 60, 3)).toEqual([3]);
  });

  it('shows the selected tab even when nothing else fits', () => {
    expect(shownTabIndexes(100, [100, 100, 100], 60, 2)).toEqual([2]);
  });

  it('ignores a selection that is no tab (a status the answer did not list)', () => {
    expect(shownTabIndexes(270, [100, 100, 100], 60, -1)).toEqual([0, 1]);
  });
});
