import { problemSchema } from '@loyalty/contracts';
import { z } from 'zod';

/** The customer app's content routes: an API key (scope `content`) in X-Api-Key. */
export const security = [{ apiKey: [] }];

/** What a content route may answer besides its 200 (304 after a matching If-None-Match). */
export const integrationErrors = {
  304: z.null().describe('Not modified: the copy named by If-None-Match is current'),
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
};
