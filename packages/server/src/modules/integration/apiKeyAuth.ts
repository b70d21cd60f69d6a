import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { verifyApiKey } from './apiKeys.service.ts';
import { channelActor } from './channel.service.ts';

/**
 * The `onRequest` hook of every integration API plugin: the `X-Api-Key` header must name an
 * active key holding the route's `config.apiKeyScope`; the caller becomes the key's actor.
 */
export async function requireApiKey(req: FastifyRequest) {
  const presented = req.headers['x-api-key'];
  if (typeof presented !== 'string' || presented.length > 200)
    throw new AppError('UNAUTHENTICATED', 'X-Api-Key required');
  const key = await verifyApiKey(req.server.db, presented);
  if (!key) throw new AppError('UNAUTHENTICATED', 'Unknown or revoked API key');
  const scope = req.routeOptions.config?.apiKeyScope;
  if (!scope || !key.scopes.has(scope)) throw new AppError('FORBIDDEN', `The key lacks the ${scope} scope`);
  req.actor = channelActor(key, req);
}
