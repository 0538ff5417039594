import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { customer } from '../../../test/fixtures.ts';
import { setCookie } from '../../../test/mock-api.ts';
import { RiskMap } from './RiskMap.tsx';
import { hexChannels, RISK_CELL_COLORS } from './risk-colors.ts';

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

function setup() {
  return renderWithApp(
    <RiskMap
      statistics={{
        '9': { count: 3, maxSimilarityScore: 87.6, level: 'very_high_risk' },
        '25': { count: 140, maxSimilarityScore: 65, level: 'high_risk' },
        '30': { count: 99, maxSimilarityScore: 40, level: 'low_risk' },
      }}
      associations={{ '9': [42] }}
      selected={[9]}
      onPick={() => {}}
    />,
    { path: '/trademark/search', user: customer },
  );
}

const cell9 = () => screen.getByRole('button', { name: '第 9 类 科学仪器：3 条近似' });

describe('risk map', () => {
  it('shows class numbers only in the simple view, and heading, count and top score in the detailed one', async () => {
    const { user } = setup();
    expect(cell9()).toHaveTextContent(/^9$/);
    expect(screen.queryByText('最高相似度 87%')).not.toBeInTheDocument();

    await user.click(screen.getByText('详细'));
    expect(cell9()).toHaveTextContent('科学仪器');
    expect(cell9()).toHaveTextContent('3 条近似');
    expect(cell9()).toHaveTextContent('最高相似度 87%');

    await user.click(screen.getByText('简洁'));
    expect(cell9()).toHaveTextContent(/^9$/);
  });

  it('collapses and expands the map', async () => {
    const { user } = setup();
    expect(screen.getByText('第 9 类关联：42')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /收起风险分布/ }));
    expect(screen.queryByRole('button', { name: '第 9 类 科学仪器：3 条近似' })).not.toBeInTheDocument();
    expect(screen.queryByText('第 9 类关联：42')).not.toBeInTheDocument();
    expect(screen.getByText('极高风险')).toBeInTheDocument();
    const expand = screen.getByRole('button', { name: /展开风险分布/ });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    await user.click(expand);
    expect(cell9()).toBeInTheDocument();
  });
});

describe('risk map readability', () => {
  const cell = (name: RegExp) => screen.getByRole('button', { name });

  it('names the level in each detailed cell beside its shape, and caps counts at 99+', async () => {
    const { user } = setup();
    await user.click(screen.getByText('详细'));
    expect(cell9()).toHaveTextContent('极高风险');
    expect(cell(/^第 25 类/)).toHaveTextContent('中风险');
    expect(cell(/^第 25 类/)).toHaveTextContent('99+ 条近似');
    expect(cell(/^第 25 类/)).not.toHaveTextContent('140');
    expect(cell(/^第 30 类/)).toHaveTextContent('低风险');
    expect(cell(/^第 30 类/)).toHaveTextContent('99 条近似');
    expect(cell(/^第 1 类/)).toHaveTextContent('无近似');
    expect(cell9().querySelector('.anticon')).not.toBeNull();
  });

  it('paints each level with its own colour and text colour from the one palette', () => {
    setup();
    for (const [name, level] of [
      [/^第 9 类/, 'very_high_risk'],
      [/^第 25 类/, 'high_risk'],
      [/^第 30 类/, 'low_risk'],
      [/^第 1 类/, 'none'],
    ] as const) {
      const button = cell(name);
      expect(button).toHaveAttribute('data-level', level);
      expect(button.style.background.replace(/\s/g, '')).toBe(hexToRgb(RISK_CELL_COLORS[level].background));
      expect(button.style.color.replace(/\s/g, '')).toBe(hexToRgb(RISK_CELL_COLORS[level].text));
    }
  });
});

function hexToRgb(hex: string) {
  return `rgb(${hexChannels(hex).join(',')})`;
}
