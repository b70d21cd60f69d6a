import { QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { makeQueryClient } from '../app/queryClient.ts';
import { buildRoutes, dashboardScreensOnDemand } from '../app/router.tsx';
import { bindApiToStore } from '../app/session.ts';
import { setToken } from '../state/auth.ts';
import { makeStore } from '../state/store.ts';
import { fakeJwt } from './fakeApi.ts';

/**
 * Renders the whole app (real route table, providers, store) at `url`, as main.tsx does but with
 * an in-memory router. `signedIn` starts with the token the fake API accepts.
 */
export async function renderApp(url: string, { signedIn = true, sessionReady = Promise.resolve() } = {}) {
  const store = makeStore();
  bindApiToStore(store);
  if (signedIn) store.dispatch(setToken({ accessToken: fakeJwt('ADMIN'), expiresIn: 900 }));
  const router = createMemoryRouter(buildRoutes(sessionReady), {
    initialEntries: [url],
    patchRoutesOnNavigation: dashboardScreensOnDemand(),
  });
  const queryClient = makeQueryClient();
  await act(async () => {
    render(
      <Provider store={store}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>,
    );
  });
  return { store, router, queryClient };
}
