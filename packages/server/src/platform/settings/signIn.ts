import type { Executor } from '../../db/client.ts';
import { tunable } from './values.ts';

/**
 * The tunable that bounds sign-in, second-factor and password requests per client address and
 * minute. Declared (with its bundle and bounds) by the security area, read here by the sign-in
 * routes of platform/auth.
 */
export const signInAttemptsKey = 'security.signInAttemptsPerMinute';

/** The sign-in routes' rate limit (per client address and minute), read at each request. */
export const signInRateLimit = (db: Executor) => ({
  rateLimit: {
    max: () => tunable<number>(db, signInAttemptsKey),
    timeWindow: '1 minute',
  },
});
