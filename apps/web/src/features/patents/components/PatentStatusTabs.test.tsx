import type { PatentStatusCount } from '@kxt/contracts/patents';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { matchesWidth, stillMediaQuery } from '../../../test/media-query.ts';
import { PatentStatusTabs } from './PatentStatusTabs.tsx';

const COUNTS: PatentStatusCount[] = [
  { status: null, statusName: '', count: 42 },
  { status: 1, statusName: '', count: 2 },
  { status: 3, statusName: '', count: 12 },
];

/** A window `width` pixels wide, as antd's breakpoints read it through matchMedia. */
function windowWidth(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    stillMediaQuery(query, matchesWidth(query, width)),
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  // jsdom has none; the phone test lends one.
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('patent status tabs', () => {
  it('wrap onto more lines on a wide screen, every tab in view', () => {
    windowWidth(1440);
    renderWithApp(<PatentStatusTabs items={COUNTS} value="all" onChange={vi.fn()} />);
    const strip = screen.getByRole('tablist', { name: '订单状态' });
    expect(strip.className).toMatch(/wrap/);
    expect(strip.style.overflowX).toBe('');
    expect(screen.getByRole('tab', { name: '递交中 9+' })).toBeInTheDocument();
  });

  it('are one row that scrolls sideways on a phone, so the orders stay on the first screen', () => {
    windowWidth(390);
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderWithApp(<PatentStatusTabs items={COUNTS} value="3" onChange={vi.fn()} />);
    const strip = screen.getByRole('tablist', { name: '订单状态' });
    expect(strip.className).not.toMatch(/wrap/);
    expect(strip.style.overflowX).toBe('auto');
    // The chosen tab is scrolled into view.
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
  });
});
