import { createBrowserRouter } from 'react-router';
import { appRoutes } from './routes.tsx';

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
