import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';

/** Server data cache. Client errors (4xx) are final; network and server errors retry once. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}
