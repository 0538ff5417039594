import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OVERDUE_COLORS, RowBadges } from './RowBadges.tsx';
import { renderWithApp } from './test-helpers.tsx';

describe('RowBadges', () => {
  it('shows 欠, 挂, 重 and K with their tooltips', async () => {
    const { user } = renderWithApp(
      <RowBadges
        row={{
          isArrears: true,
          suspend: true,
          repeatServiceCodes: ['VATDE2601000001', 'VATDE2602000002'],
          specificLabel: true,
          overdueStatus: 0,
        }}
      />,
    );

    expect(await screen.findByText('欠')).toBeInTheDocument();
    expect(screen.getByText('挂')).toBeInTheDocument();
    expect(screen.getByText('K')).toBeInTheDocument();

    await user.hover(screen.getByText('重'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      '重复服务：VATDE2601000001、VATDE2602000002',
    );
    await user.unhover(screen.getByText('重'));

    await user.hover(screen.getByText('K'));
    expect(
      await screen.findByText('最近一次申报在我司完成', { selector: '.ant-tooltip-container' }),
    ).toBeVisible();

    await user.hover(screen.getByText('欠'));
    expect(await screen.findByText('客户欠费', { selector: '.ant-tooltip-container' })).toBeVisible();
    await user.hover(screen.getByText('挂'));
    expect(await screen.findByText('服务已挂起', { selector: '.ant-tooltip-container' })).toBeVisible();
    expect(screen.queryByRole('img', { name: /逾期/ })).not.toBeInTheDocument();
  });

  it('shows nothing for a row without marks', async () => {
    const { container } = renderWithApp(
      <div>
        <span>row</span>
        <RowBadges row={{ isArrears: false, suspend: false, repeatServiceCodes: [], specificLabel: false }} />
      </div>,
    );
    await screen.findByText('row');
    expect(container.querySelector('.ant-tag')).toBeNull();
  });

  it.each([
    [1, '申报逾期 1–15 天', OVERDUE_COLORS[1], 'rgb(250, 219, 20)'], // yellow
    [2, '申报逾期 16–30 天', OVERDUE_COLORS[2], 'rgb(250, 140, 22)'], // orange
    [3, '申报逾期超过 30 天', OVERDUE_COLORS[3], 'rgb(245, 34, 45)'], // red
  ])('overdue level %i is a warning icon (%s) in %s', async (level, label, hex, rgb) => {
    renderWithApp(<RowBadges row={{ overdueStatus: level }} />);
    const icon = await screen.findByRole('img', { name: label });
    expect(icon).toHaveStyle({ color: rgb });
    expect(hex).toMatch(/^#/);
  });
});
