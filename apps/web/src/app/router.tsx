import { ROUTES } from '@app/policy';
import { useState } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { RouteErrorPage } from '../routes/errors/error-page/route-error-page';
import { NotFoundPage } from '../routes/errors/not-found/not-found-page';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { loadWithTimeout } from './routing/load-with-timeout';
import { PageLoader } from './routing/page-loader';
import { loadSignedInShell } from './routing/preload-route';
import { RouteGuard } from './routing/route-guard';
import { type PlannedRoute, planRoutes } from './routing/route-plan';
import { screenLoader } from './routing/screen-modules';

/** Each screen is its own chunk, loaded with the spec's 120 s time-out; a failure shows the error page. */
function toRouteObject(planned: PlannedRoute): RouteObject {
  return {
    path: planned.path,
    lazy: async () => ({ Component: (await loadWithTimeout(screenLoader(planned.screenKey))).default }),
  };
}

/**
 * The route tree: RouteGuard at the root decides (from @app/policy) what every path does; beneath it the
 * layouts group the screens. The shell is lazy too: visitors never download it.
 */
export function buildRouteTree(): RouteObject[] {
  const plan = planRoutes(ROUTES);
  return [
    {
      element: <RouteGuard />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <PageLoader />,
      children: [
        // '/' and the other aliases only ever redirect (the guard answers before anything renders).
        { index: true, element: null },
        ...plan.aliases.map((path): RouteObject => ({ path, element: null })),
        { element: <AuthLayout />, children: plan.auth.map(toRouteObject) },
        { element: <PublicLayout />, children: plan.public.map(toRouteObject) },
        {
          lazy: async () => ({
            Component: (await loadWithTimeout(loadSignedInShell)).default,
          }),
          children: plan.shell.map(toRouteObject),
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(buildRouteTree()));
  return <RouterProvider router={router} />;
}
