import { languageReady } from './locales/i18n.ts';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './app/error-boundary.tsx';
import { AppProviders } from './app/providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// RouterProvider from 'react-router', not 'react-router/dom': the latter only adds ReactDOM.flushSync support
// (unused here), and under Vitest it loads a second copy of react-router (ESM next to CJS), which breaks <Outlet>
// in tests; tests and the app should render the same provider.
const router = createAppRouter();

// Rendered once the remembered language's texts are there (at once for Chinese, the default).
void languageReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </AppErrorBoundary>
    </StrictMode>,
  ),
);
