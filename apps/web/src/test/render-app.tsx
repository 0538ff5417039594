import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/routes.tsx';

/** Renders the whole app (providers, routes, guards) at `path`, with the real query client settings. */
export function renderApp(path: string, routes: RouteObject[] = appRoutes) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup({ delay: null });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  /** The router's current path with its query string. */
  const currentPath = () => `${router.state.location.pathname}${router.state.location.search}`;
  return { ...view, router, queryClient, user, currentPath };
}
