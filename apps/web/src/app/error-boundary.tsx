import { Button } from 'antd';
import { Component, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PageLoading } from '../components/PageLoading.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';

const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

/**
 * A friendly page for an unexpected error. It loads no code of its own (a failed chunk download after a
 * deployment lands here), and reloading fetches the new version.
 */
export function CrashPage() {
  const { t } = useTranslation();
  return (
    <StatusMessage
      status="error"
      title={t('errors.crash.title')}
      description={t('errors.crash.subTitle')}
      action={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      }
    />
  );
}

/** The router's errorElement: errors thrown while rendering a route or loading its code. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<PageLoading />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  console.error(error);
  return <CrashPage />;
}

interface AppErrorBoundaryState {
  error: unknown;
}

/** The last line of defence, around the providers and the router. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <CrashPage /> : this.props.children;
  }
}
