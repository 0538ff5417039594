import {
  AccountBookOutlined,
  AppstoreAddOutlined,
  AuditOutlined,
  CalendarOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  EyeOutlined,
  FileProtectOutlined,
  HomeOutlined,
  MailOutlined,
  ProfileOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  TransactionOutlined,
  UserAddOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { ROLES, type Role, STAFF_ROLES } from '@kxt/contracts/role-names';
import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';

/**
 * One entry per page of the portal or the back office: its route, menu label, icon and the roles that may open it.
 * The router builds each page's route (lazy-loaded, guarded by `roles`) from these lists and the layouts build
 * their menus from them, so a new page is one entry here.
 */
export interface NavigationEntry {
  /** Absolute path; also the menu key. */
  path: string;
  labelKey: ParseKeys;
  icon: ComponentType;
  roles: readonly Role[];
  /** The page module; its default export is the page. Loaded on first visit (React.lazy). */
  page: () => Promise<{ default: ComponentType }>;
  /** Pages reached from buttons rather than the menu (a form behind a list, for example). */
  hideInMenu?: boolean;
}

/** Customer portal, under the portal layout (`/`, `/trademark/search`, `/trademark/patent`, `/form/submit`, …). */
export const portalNavigation: readonly NavigationEntry[] = [
  {
    path: '/',
    labelKey: 'nav.portalHome',
    icon: HomeOutlined,
    roles: ['customer'],
    page: () => import('../features/home/pages/PortalHomePage.tsx'),
  },
  // Staff may open some portal pages too (the trademark search: roles ['customer', ...STAFF_ROLES]).
  {
    path: '/trademark/search',
    labelKey: 'nav.trademarkSearch',
    icon: SearchOutlined,
    roles: ['customer', ...STAFF_ROLES],
    page: () => import('../features/trademark-search/pages/TrademarkSearchPage.tsx'),
  },
  {
    path: '/trademark/patent',
    labelKey: 'nav.patents',
    icon: SafetyCertificateOutlined,
    roles: ['customer'],
    page: () => import('../features/patents/pages/PatentListPage.tsx'),
  },
  // Reached from the patent list's 上传资料 (the order's id in `?id=`).
  {
    path: '/form/submit',
    labelKey: 'nav.materialsForm',
    icon: SafetyCertificateOutlined,
    roles: ['customer'],
    page: () => import('../features/patents/pages/MaterialsFormPage.tsx'),
    hideInMenu: true,
  },
  // Reached from the user's name in either layout's header (issue 17); every role has one.
  {
    path: '/profile',
    labelKey: 'nav.profile',
    icon: UserOutlined,
    roles: ROLES,
    page: () => import('../features/accounts/pages/ProfilePage.tsx'),
    hideInMenu: true,
  },
  {
    path: '/purchase',
    labelKey: 'nav.purchase',
    icon: ShoppingCartOutlined,
    roles: ['customer'],
    page: () => import('../features/payments/pages/PurchasePage.tsx'),
  },
  // Reached from the portal home and from a search's 监控这个名称 (which fills in a new watch).
  {
    path: '/trademark/watches',
    labelKey: 'nav.trademarkWatches',
    icon: EyeOutlined,
    roles: ['customer'],
    page: () => import('../features/trademark-watches/pages/WatchesPage.tsx'),
    hideInMenu: true,
  },
  // Reached from the bell's settings link.
  {
    path: '/notification-settings',
    labelKey: 'nav.notificationSettings',
    icon: SettingOutlined,
    roles: ['customer'],
    page: () => import('../features/notifications/pages/PreferencesPage.tsx'),
    hideInMenu: true,
  },
];

/** Back office for staff, under the back-office layout (`/admin/*`). */
export const adminNavigation: readonly NavigationEntry[] = [
  {
    path: '/admin',
    labelKey: 'nav.adminHome',
    icon: DashboardOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/home/pages/AdminHomePage.tsx'),
  },
  {
    path: '/admin/customers',
    labelKey: 'nav.customers',
    icon: TeamOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/customers/pages/CustomersPage.tsx'),
  },
  {
    path: '/admin/service-items',
    labelKey: 'nav.serviceItems',
    icon: ProfileOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/service-items/pages/ServiceItemsPage.tsx'),
  },
  {
    path: '/admin/tax-declarations',
    labelKey: 'nav.taxDeclarations',
    icon: AccountBookOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/tax-declarations/pages/TaxDeclarationsPage.tsx'),
  },
  {
    path: '/admin/agreements',
    labelKey: 'nav.agreements',
    icon: FileProtectOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/agreements/pages/AgreementsPage.tsx'),
  },
  {
    path: '/admin/patents',
    labelKey: 'nav.adminPatents',
    icon: AuditOutlined,
    roles: ['reviewer', 'admin'],
    page: () => import('../features/patents/pages/AdminPatentsPage.tsx'),
  },
  {
    path: '/admin/payments',
    labelKey: 'nav.payments',
    icon: TransactionOutlined,
    roles: ['finance', 'admin'],
    page: () => import('../features/payments/pages/AdminPaymentsPage.tsx'),
  },
  {
    path: '/admin/notifications',
    labelKey: 'nav.sentMessages',
    icon: MailOutlined,
    roles: ['admin'],
    page: () => import('../features/notifications/pages/DeliveriesPage.tsx'),
  },
  {
    path: '/admin/users',
    labelKey: 'nav.users',
    icon: UserOutlined,
    roles: ['admin'],
    page: () => import('../features/accounts/pages/UsersPage.tsx'),
  },
  {
    path: '/admin/invitations',
    labelKey: 'nav.invitations',
    icon: UserAddOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/accounts/pages/InvitationsPage.tsx'),
  },
  {
    path: '/admin/trademark-imports',
    labelKey: 'nav.trademarkImports',
    icon: CloudUploadOutlined,
    roles: ['admin'],
    page: () => import('../features/trademark-imports/pages/TrademarkImportsPage.tsx'),
  },
  {
    path: '/admin/trademark-watches',
    labelKey: 'nav.adminWatches',
    icon: EyeOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/trademark-watches/pages/AdminWatchesPage.tsx'),
  },
  {
    path: '/admin/deadlines',
    labelKey: 'nav.deadlines',
    icon: CalendarOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/deadlines/pages/DeadlineCalendarPage.tsx'),
  },
  // 去新服务 leads to these two staff screens, in the back office's layout; their paths (outside /admin) are the
  // ones the spec names.
  {
    path: '/new-service-management/basic-services',
    labelKey: 'nav.basicServices',
    icon: AppstoreAddOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/new-service/pages/BasicServicesPage.tsx'),
    hideInMenu: true,
  },
  {
    path: '/new-service-management/value-added-services',
    labelKey: 'nav.valueAddedServices',
    icon: AppstoreAddOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/new-service/pages/ValueAddedServicesPage.tsx'),
    hideInMenu: true,
  },
  // Reached from the bell's settings link.
  {
    path: '/admin/notification-settings',
    labelKey: 'nav.notificationSettings',
    icon: SettingOutlined,
    roles: STAFF_ROLES,
    page: () => import('../features/notifications/pages/PreferencesPage.tsx'),
    hideInMenu: true,
  },
];

/** The entries a role sees in the menu. */
export function menuEntries(entries: readonly NavigationEntry[], role: Role): NavigationEntry[] {
  return entries.filter((entry) => !entry.hideInMenu && entry.roles.includes(role));
}

/**
 * The menu entry to highlight: the longest entry path that the current path starts with, segment by segment. Give it
 * every entry, not only the menu's: a page outside the menu (notification settings under /admin) then highlights
 * nothing rather than the entry whose path it happens to start with (工作台).
 */
export function activeEntryPath(entries: readonly NavigationEntry[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const { path } of entries) {
    const matches = path === '/' ? pathname === '/' : pathname === path || pathname.startsWith(`${path}/`);
    if (matches && (!best || path.length > best.length)) best = path;
  }
  return best;
}
