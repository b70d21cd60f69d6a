import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The analytics screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const analyticsResourcePages = {
  'churn-scores': { list: lazyPage(() => import('./churn/ChurnPage.tsx')) },
  'message-insights': { list: lazyPage(() => import('./nlp/NlpPage.tsx')) },
} satisfies Record<string, ScreenPages>;
