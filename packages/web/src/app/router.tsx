import { createBrowserRouter, RouterProvider } from 'react-router';
import { toReturnLocation, type LoginLocationState } from '@/features/auth/components/return-location';
import { setUnauthorizedRedirect } from '@/lib/api-client';
import { routes } from './routes';

export const router = createBrowserRouter(routes);

// spec §8: a 401 sends the user to /login inside the SPA, remembering where they were.
setUnauthorizedRedirect((path) => {
  const state: LoginLocationState = { from: toReturnLocation(router.state.location) };
  void router.navigate(path, { replace: true, state });
});

export function AppRouter() {
  return <RouterProvider router={router} />;
}
