import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './access.ts';
import { loadActorRecord } from './access.ts';
import { auditSource, writeAudit } from './audit.ts';
import { AppError } from './errors.ts';
import type { RouteAccess } from './http.ts';

/** One entry of the route table: what the authorization matrix test walks. */
export interface GuardedRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/admin route with its access rule, as registered. */
    guardedRoutes: GuardedRoute[];
  }
}

const visitorIdOf = (req: FastifyRequest) => {
  const v = req.headers['x-visitor-id'];
  return typeof v === 'string' && v.length <= 128 ? v : undefined;
};

/**
 * Authentication and authorization for every route, from its `config.access`:
 * routes under /api/admin that do not declare it fail at start-up, so none is open by mistake.
 */
export function registerGuard(app: FastifyInstance) {
  app.decorateRequest('actor', undefined);
  const table: GuardedRoute[] = [];
  app.decorate('guardedRoutes', table);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/admin')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${route.method} ${route.url} declares no access rule`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') table.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const header = req.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw new AppError('UNAUTHENTICATED');
    const claims = await app.tokens.verify(header.slice(7));
    const userId = Number(claims.sub);
    const record = await loadActorRecord(app.db, userId, claims.sid);
    if (!record) throw new AppError('SESSION_EXPIRED');
    const actor: Actor = {
      userId,
      username: record.username,
      role: record.role,
      permissions: new Set(record.permissions),
      sessionId: claims.sid,
      ip: req.ip,
      visitorId: visitorIdOf(req),
      requestId: req.id,
    };
    req.actor = actor;
    if (access !== 'signed-in' && !actor.permissions.has(access.permission)) {
      await writeAudit(app.db, auditSource(actor), {
        command: access.permission,
        outcome: 'DENIED',
        detail: `${req.method} ${req.routeOptions.url}`,
      });
      throw new AppError('FORBIDDEN', `Missing permission ${access.permission}`);
    }
  });
}
