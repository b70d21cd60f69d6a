import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('logs');

/** The logs' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const logResourcePages = {
  'system-logs': { list: page(() => import('./SystemLogsPage.tsx')) },
  'admin-logs': { list: page(() => import('./AdminLogsPage.tsx')) },
} satisfies Record<string, ScreenPages>;
