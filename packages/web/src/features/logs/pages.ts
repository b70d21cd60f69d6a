import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The logs' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const logResourcePages = {
  'system-logs': { list: lazyPage(() => import('./SystemLogsPage.tsx')) },
  'admin-logs': { list: lazyPage(() => import('./AdminLogsPage.tsx')) },
} satisfies Record<string, ScreenPages>;
