import { describe, expect, it } from 'vitest';
import { activeEntryPath, adminNavigation, menuEntries, portalNavigation } from './navigation.ts';

describe('the highlighted menu entry', () => {
  it('is the longest entry the path starts with, segment by segment', () => {
    expect(activeEntryPath(adminNavigation, '/admin/customers')).toBe('/admin/customers');
    expect(activeEntryPath(adminNavigation, '/admin/patents/42')).toBe('/admin/patents');
    expect(activeEntryPath(adminNavigation, '/admin')).toBe('/admin');
    expect(activeEntryPath(portalNavigation, '/')).toBe('/');
    expect(activeEntryPath(portalNavigation, '/trademark/searching')).toBeUndefined();
  });

  it('is no menu entry on a page outside the menu, rather than the entry its path starts with', () => {
    const settings = activeEntryPath(adminNavigation, '/admin/notification-settings');
    const menuPaths = menuEntries(adminNavigation, 'reviewer').map((entry) => entry.path);
    expect(menuPaths).toContain('/admin');
    expect(menuPaths).not.toContain(settings);
  });
});
