import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { makeQueryClient } from './app/queryClient.ts';
import { createAppRouter } from './app/router.tsx';
import { bindApiToStore, restoreSession } from './app/session.ts';
import { identifyVisitor } from './app/visitorId.ts';
import { loadLanguage } from './i18n/index.ts';
import { LANG_PARAM, parseLang } from './i18n/lang.ts';
import { makeStore } from './state/store.ts';

// The first page's strings, fetched alongside the session restore (AppShell waits for both).
void loadLanguage(parseLang(new URLSearchParams(window.location.search).get(LANG_PARAM))).catch(
  () => undefined,
);

const store = makeStore();
bindApiToStore(store);
void identifyVisitor(store);

const queryClient = makeQueryClient();
const router = createAppRouter(restoreSession());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>
  </StrictMode>,
);
