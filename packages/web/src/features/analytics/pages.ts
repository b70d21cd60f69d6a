import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('analytics');

/** The analytics screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const analyticsResourcePages = {
  'churn-scores': { list: page(() => import('./churn/ChurnPage.tsx')) },
  'message-insights': { list: page(() => import('./nlp/NlpPage.tsx')) },
} satisfies Record<string, ScreenPages>;
