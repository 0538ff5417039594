import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { customer } from '../../../test/fixtures.ts';
import { setCookie } from '../../../test/mock-api.ts';
import CountryDialog from './CountryDialog.tsx';
import { countryOptions } from './countries.ts';

const TOO_MANY = '已选择超过 10 个国家/地区，查询可能较慢或查不到结果，建议分批查询';
const HOT_FIVE = '已选择 5 个国家/地区，一次查询的国家/地区越多越慢，也可能查不到结果，建议分批查询';

function setup(value: string[] = ['US']) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  const view = renderWithApp(
    <CountryDialog
      value={value}
      options={countryOptions(undefined)}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
    { path: '/trademark/search', user: customer },
  );
  const dialog = () => screen.getByRole('dialog');
  // By label rather than role: role queries compute every element's accessible name, which over some 200 countries
  // made these tests take 10 s alone and time out on a busy machine.
  const selectAll = (area: string) =>
    within(dialog()).getByLabelText(`全选${area}`, { selector: 'input[type="checkbox"]' });
  const country = (name: string) =>
    within(dialog()).getByLabelText(new RegExp(`^${name}[A-Z]{2}$`), { selector: 'input[type="checkbox"]' });
  const hot = (name: string) =>
    within(within(dialog()).getByRole('region', { name: '热门国家/地区' })).getByRole('button', { name });
  const chosen = () => within(dialog()).getByRole('status').textContent;
  return { ...view, onConfirm, onCancel, dialog, selectAll, country, hot, chosen };
}

const isIndeterminate = (checkbox: HTMLElement) =>
  checkbox.closest('.ant-checkbox')?.classList.contains('ant-checkbox-indeterminate') ?? false;

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('country dialog', () => {
  it('selects a whole area, showing the indeterminate state while only part of it is chosen', async () => {
    const { user, selectAll, country, chosen } = setup(['US']);
    const northAmerica = selectAll('北美洲');
    expect(isIndeterminate(northAmerica)).toBe(true);
    expect(northAmerica).not.toBeChecked();
    expect(isIndeterminate(selectAll('亚洲'))).toBe(false);

    await user.click(northAmerica);
    expect(selectAll('北美洲')).toBeChecked();
    expect(isIndeterminate(selectAll('北美洲'))).toBe(false);
    expect(country('加拿大')).toBeChecked();
    expect(country('墨西哥')).toBeChecked();
    expect(chosen()).toBe('已选择 3 个');

    await user.click(country('加拿大'));
    expect(isIndeterminate(selectAll('北美洲'))).toBe(true);
    await user.click(selectAll('北美洲'));
    await user.click(selectAll('北美洲'));
    expect(chosen()).toBe('已选择 0 个');
    expect(country('美国')).not.toBeChecked();
  });

  it('filters by Chinese name, English name or code', async () => {
    const { user, dialog } = setup([]);
    const filter = within(dialog()).getByRole('textbox', { name: '按中文名、英文名或代码筛选' });
    const shown = () =>
      within(dialog())
        .queryAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent ?? '')
        .filter(
          (text) =>
            !text.startsWith('全选') && !/^(亚洲|欧洲|北美洲|南美洲|大洋洲|非洲|国际组织)$/.test(text),
        );

    await user.type(filter, '德国');
    expect(shown()).toEqual(['德国DE']);
    await user.clear(filter);
    await user.type(filter, 'japan');
    expect(shown()).toEqual(['日本JP']);
    await user.clear(filter);
    await user.type(filter, 'kr');
    expect(shown()).toContain('韩国KR');
    await user.clear(filter);
    await user.type(filter, 'zzzz');
    expect(within(dialog()).getByText('没有匹配的国家/地区')).toBeInTheDocument();
  });

  it('removes all, and confirming none asks for a country and stays open', async () => {
    const { user, dialog, chosen, onConfirm } = setup(['US', 'DE']);
    expect(chosen()).toBe('已选择 2 个');
    await user.click(within(dialog()).getByRole('button', { name: '全部移除' }));
    expect(chosen()).toBe('已选择 0 个');
    await user.click(within(dialog()).getByRole('button', { name: /^确\s?定$/ }));
    expect(await screen.findByText('请选择国家/地区')).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('confirms the chosen countries in the order they were chosen, or cancels', async () => {
    const { user, dialog, hot, country, onConfirm, onCancel } = setup(['US']);
    await user.click(hot('日本'));
    await user.click(country('新加坡'));
    await user.click(hot('美国'));
    await user.click(within(dialog()).getByRole('button', { name: /^确\s?定$/ }));
    expect(onConfirm).toHaveBeenCalledWith(['JP', 'SG']);
    await user.click(within(dialog()).getByRole('button', { name: /^取\s?消$/ }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('warns when more than 10 countries are chosen', async () => {
    const { user, selectAll, chosen } = setup(['US']);
    await user.click(selectAll('北美洲'));
    await user.click(selectAll('大洋洲'));
    await user.click(selectAll('国际组织'));
    expect(chosen()).toBe('已选择 7 个');
    expect(screen.queryByText(TOO_MANY)).not.toBeInTheDocument();
    await user.click(selectAll('亚洲'));
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
  });

  it('warns when the hot list brings the choice to 5 countries', async () => {
    const { user, hot, country, chosen } = setup(['US']);
    await user.click(hot('英国'));
    await user.click(hot('德国'));
    await user.click(country('新加坡'));
    expect(chosen()).toBe('已选择 4 个');
    expect(screen.queryByText(HOT_FIVE)).not.toBeInTheDocument();
    await user.click(hot('日本'));
    expect(chosen()).toBe('已选择 5 个');
    expect(await screen.findByText(HOT_FIVE)).toBeInTheDocument();
  });

  it('does not give the hot-list warning when the fifth country comes from an area', async () => {
    const { user, hot, country, chosen } = setup(['US']);
    await user.click(hot('英国'));
    await user.click(hot('德国'));
    await user.click(hot('日本'));
    await user.click(country('新加坡'));
    expect(chosen()).toBe('已选择 5 个');
    expect(screen.queryByText(HOT_FIVE)).not.toBeInTheDocument();
  });
});
