import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../components/DataTable/test-helpers.tsx';
import { reviewer } from '../../test/fixtures.ts';
import { adminNavigation } from '../navigation.ts';
import { NavigationMenu } from './NavigationMenu.tsx';

const selectedItems = () => document.querySelectorAll('.ant-menu-item-selected');

describe('back-office menu', () => {
  it('marks the entry of the page open', () => {
    renderWithApp(<NavigationMenu entries={adminNavigation} role={reviewer.role} mode="inline" />, {
      path: '/admin/customers',
      user: reviewer,
    });
    expect(selectedItems()).toHaveLength(1);
    expect(selectedItems()[0]).toHaveTextContent('客户管理');
  });

  it('marks nothing on a page outside the menu, not the entry its path starts with (工作台)', () => {
    renderWithApp(<NavigationMenu entries={adminNavigation} role={reviewer.role} mode="inline" />, {
      path: '/admin/notification-settings',
      user: reviewer,
    });
    expect(screen.getByRole('link', { name: '工作台' })).toBeInTheDocument();
    expect(selectedItems()).toHaveLength(0);
  });
});
