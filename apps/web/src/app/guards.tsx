import type { Role } from '@kxt/contracts/role-names';
import { Button } from 'antd';
import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import {
  homePathFor,
  LOGIN_PATH,
  loginPath,
  TWO_FACTOR_PATH,
  twoFactorPath,
} from '../components/routing/paths.ts';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { useCurrentUser, useSessionEnd } from '../components/session/current-user.ts';

// Rarely shown, and antd's Result illustrations are heavy: loaded on demand (the routes' Suspense covers it).
const ForbiddenPage = lazy(() => import('./pages/ForbiddenPage.tsx'));

interface RequireAuthProps {
  /** Who may see the content; absent: any logged-in user. */
  roles?: readonly Role[];
  /** What a logged-in user with another role gets: the 403 page (default) or a redirect to their own home. */
  otherwise?: 'forbidden' | 'home';
  /** The guarded content; absent: the child routes (`<Outlet />`). */
  children?: ReactNode;
}

/**
 * Route guard: nobody logged in → /login?redirect=<this page> (plain /login after a logout); second factor owed →
 * /account/two-factor?redirect=<this page>; wrong role → 403
 * (or home); else the content.
 * The browser check is for the user's convenience only; the server authorises every call itself.
 */
export function RequireAuth({ roles, otherwise = 'forbidden', children }: RequireAuthProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useCurrentUser();
  const sessionEnd = useSessionEnd();

  if (session.data === undefined) {
    if (!session.isError) return <PageLoading />;
    return (
      <StatusMessage
        status="warning"
        title={t('errors.sessionCheck')}
        description={session.error instanceof Error ? session.error.message : undefined}
        action={
          <Button type="primary" loading={session.isFetching} onClick={() => void session.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const user = session.data;
  if (!user) {
    // After a logout the next person starts fresh; otherwise come back here after logging in.
    return <Navigate to={sessionEnd === 'logout' ? LOGIN_PATH : loginPath(location)} replace />;
  }
  // A session that still owes its second factor may open only the page where it gives it.
  if (user.pendingSecondFactor && location.pathname !== TWO_FACTOR_PATH) {
    return <Navigate to={twoFactorPath(location)} replace />;
  }
  if (roles && !roles.includes(user.role)) {
    if (otherwise === 'home') return <Navigate to={homePathFor(user.role)} replace />;
    return <ForbiddenPage homePath={homePathFor(user.role)} />;
  }
  return children ?? <Outlet />;
}
