import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Does an If-None-Match header name this entity tag (or `*`)? Weak and strong tags compare alike. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Answers a cacheable read: an entity tag of the body's JSON, `Cache-Control: private, no-cache`
 * (clients keep it and revalidate), and 304 without a body when the client's copy is current.
 */
export function sendCacheable<T>(req: FastifyRequest, reply: FastifyReply, body: T) {
  const etag = `W/"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  reply.header('etag', etag);
  // Per API key (the caller's channel), kept but revalidated every time.
  reply.header('cache-control', 'private, no-cache');
  reply.header('vary', 'x-api-key');
  if (matches(req.headers['if-none-match'], etag)) return reply.code(304).send(null);
  return reply.send(body);
}
