import type { Channel, FeatureCode, ServiceCode } from '@loyalty/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { assertFeature, assertServiceAllowed } from '../configuration/index.ts';
import { verifyApiKey } from './apiKeys.service.ts';
import { channelActor } from './channel.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Integration API routes: the customer-app feature the route serves (refused when switched off). */
    customerFeature?: FeatureCode;
    /** Integration API routes: the customer-facing service the route is (service definitions). */
    service?: ServiceCode;
  }
  interface FastifyRequest {
    /** Integration API: the channel of the calling key. */
    channel?: Channel;
  }
}

/**
 * The `onRequest` hook of every integration API plugin: the `X-Api-Key` header must name an
 * active key holding the route's `config.apiKeyScope` ('any': every key may call it); the caller
 * becomes the key's actor. When the route names a `config.customerFeature`, a feature switched
 * off (for every channel or for the key's) is refused here, 403 FEATURE_DISABLED, before any work;
 * and when it names a `config.service` whose definition does not allow the key's channel, 403
 * SERVICE_NOT_ALLOWED. Both from memory (configuration snapshots): no query.
 */
export async function requireApiKey(req: FastifyRequest) {
  const presented = req.headers['x-api-key'];
  if (typeof presented !== 'string' || presented.length > 200)
    throw new AppError('UNAUTHENTICATED', 'X-Api-Key required');
  // Guessing keys costs a query each: a client address that presented too many unknown keys this
  // minute is refused before any; a key over its own limit likewise (shared by every instance).
  const { integrationLimits: limits, config } = req.server;
  const { perKey, badKeysPerAddress } = config.integrationRateLimits;
  const address = `api-bad-key:${req.ip}`;
  if (limits.reached(address, badKeysPerAddress)) throw new AppError('RATE_LIMITED');
  const key = await verifyApiKey(req.server.db, presented);
  if (!key) {
    limits.hit(address, badKeysPerAddress);
    throw new AppError('UNAUTHENTICATED', 'Unknown or revoked API key');
  }
  if (!limits.hit(`api-key:${key.id}`, perKey)) throw new AppError('RATE_LIMITED');
  const { apiKeyScope: scope, customerFeature, service } = req.routeOptions.config ?? {};
  if (!scope || (scope !== 'any' && !key.scopes.has(scope)))
    throw new AppError('FORBIDDEN', `The key lacks the ${scope} scope`);
  req.actor = channelActor(key, req);
  req.channel = key.channel;
  if (customerFeature) await assertFeature(req.server.db, customerFeature, key.channel);
  if (service) await assertServiceAllowed(req.server.db, service, key.channel);
}

/** The calling key's channel (set by requireApiKey). */
export function channelOf(req: FastifyRequest): Channel {
  if (!req.channel) throw new AppError('UNAUTHENTICATED', 'X-Api-Key required');
  return req.channel;
}
