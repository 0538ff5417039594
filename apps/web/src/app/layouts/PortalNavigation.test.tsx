import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../components/DataTable/test-helpers.tsx';
import { customer } from '../../test/fixtures.ts';
import { portalNavigation } from '../navigation.ts';
import { PortalNavigation } from './PortalNavigation.tsx';

function setup(path: string) {
  const view = renderWithApp(<PortalNavigation entries={portalNavigation} role={customer.role} />, {
    path,
    user: customer,
  });
  const nav = screen.getByRole('navigation', { name: '导航菜单' });
  const items = () => within(nav).getAllByRole('menuitem');
  const item = (name: string) => within(nav).getByRole('menuitem', { name });
  return { ...view, items, item };
}

describe('portal navigation', () => {
  it("links the role's menu entries and marks the current page's", () => {
    const { items, item } = setup('/trademark/search');
    expect(items().map((link) => link.textContent)).toEqual(['首页', '商标查询', '专利注册', '购买服务']);
    expect(item('商标查询')).toHaveAttribute('aria-current', 'page');
    expect(item('首页')).not.toHaveAttribute('aria-current');
    expect(item('专利注册')).toHaveAttribute('href', '/trademark/patent');
  });

  it('is one tab stop, on the current entry, and the arrow keys, Home and End move within it', async () => {
    const { user, item } = setup('/trademark/search');
    await user.tab();
    expect(item('商标查询')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('专利注册')).toHaveFocus();
    await user.keyboard('{End}');
    expect(item('购买服务')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(item('首页')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(item('购买服务')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(item('首页')).toHaveFocus();
    await user.tab();
    expect(item('专利注册')).not.toHaveFocus();
  });

  it('goes to the entry chosen and marks it', async () => {
    const { user, item, currentPath } = setup('/');
    expect(item('首页')).toHaveAttribute('aria-current', 'page');
    await user.click(item('专利注册'));
    expect(currentPath()).toBe('/trademark/patent');
    expect(item('专利注册')).toHaveAttribute('aria-current', 'page');
    expect(item('首页')).not.toHaveAttribute('aria-current');
  });

  it('as the folded phone menu, lists one entry a line and moves with the up and down keys', async () => {
    const view = renderWithApp(
      <PortalNavigation entries={portalNavigation} role={customer.role} vertical />,
      {
        path: '/trademark/search',
        user: customer,
      },
    );
    const nav = screen.getByRole('navigation', { name: '导航菜单' });
    expect(within(nav).getByRole('menubar')).toHaveAttribute('aria-orientation', 'vertical');
    await view.user.tab();
    expect(within(nav).getByRole('menuitem', { name: '商标查询' })).toHaveFocus();
    await view.user.keyboard('{ArrowDown}');
    expect(within(nav).getByRole('menuitem', { name: '专利注册' })).toHaveFocus();
    await view.user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(nav).getByRole('menuitem', { name: '首页' })).toHaveFocus();
  });
});
