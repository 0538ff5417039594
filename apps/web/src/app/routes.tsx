import { STAFF_ROLES } from '@kxt/contracts/role-names';
import { VERIFY_PATH } from '@kxt/contracts/seal';
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import {
  ADMIN_HOME_PATH,
  LOGIN_PATH,
  PORTAL_HOME_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  TWO_FACTOR_PATH,
} from '../components/routing/paths.ts';
import { RouteErrorPage } from './error-boundary.tsx';
import { RequireAuth } from './guards.tsx';
import { adminNavigation, type NavigationEntry, portalNavigation } from './navigation.ts';

// Each layout and page is its own chunk: the login page does not load the layouts, nor the portal the back office.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.tsx'));
const RegisterPage = lazy(() => import('../features/accounts/pages/RegisterPage.tsx'));
const ResetPasswordPage = lazy(() => import('../features/accounts/pages/ResetPasswordPage.tsx'));
const AdminLayout = lazy(() => import('./layouts/AdminLayout.tsx'));
const PortalLayout = lazy(() => import('./layouts/PortalLayout.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));
// Outside the layouts: the invitation page is public and small, the second-factor page comes before any layout.
const InvitePage = lazy(() => import('../features/accounts/pages/InvitePage.tsx'));
const TwoFactorPage = lazy(() => import('../features/accounts/pages/TwoFactorPage.tsx'));
// Public, outside the layouts: anyone checks a signed agreement PDF without logging in.
const VerifyPage = lazy(() => import('../features/verify/VerifyPage.tsx'));

/** A page's route from its navigation entry: lazy-loaded and guarded by the entry's roles. */
function pageRoute(entry: NavigationEntry): RouteObject {
  const Page = lazy(entry.page);
  const element = (
    // Staff who open the portal's home are sent to their own home rather than shown a 403.
    <RequireAuth roles={entry.roles} otherwise={entry.path === PORTAL_HOME_PATH ? 'home' : 'forbidden'}>
      <Page />
    </RequireAuth>
  );
  // A page's error stays inside its layout, so the menu and logout remain usable.
  return { path: entry.path, element, errorElement: <RouteErrorPage /> };
}

function pageRoutes(entries: readonly NavigationEntry[]): RouteObject[] {
  return entries.map(pageRoute);
}

function RootRoute() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

export const appRoutes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: LOGIN_PATH, element: <LoginPage /> },
      { path: '/invite/:token', element: <InvitePage />, errorElement: <RouteErrorPage /> },
      {
        path: TWO_FACTOR_PATH,
        element: (
          <RequireAuth>
            <TwoFactorPage />
          </RequireAuth>
        ),
        errorElement: <RouteErrorPage />,
      },
      { path: VERIFY_PATH, element: <VerifyPage /> },
      { path: REGISTER_PATH, element: <RegisterPage /> },
      { path: RESET_PASSWORD_PATH, element: <ResetPasswordPage /> },
      {
        // Staff pages: everything under /admin, and the few staff screens whose paths the spec puts elsewhere.
        element: (
          <RequireAuth roles={STAFF_ROLES}>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          ...pageRoutes(adminNavigation),
          { path: `${ADMIN_HOME_PATH}/*`, element: <NotFoundPage /> },
        ],
      },
      {
        // Customers, and staff for the portal pages that admit them (each page checks its own roles).
        element: (
          <RequireAuth>
            <PortalLayout />
          </RequireAuth>
        ),
        children: pageRoutes(portalNavigation),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
