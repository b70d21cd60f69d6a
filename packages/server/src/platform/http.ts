import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from './access.ts';
import type { CommandBus } from './commands.ts';
import { AppError } from './errors.ts';

/** Who may call a route. Every /api/admin route must say (checked when routes are registered). */
export type RouteAccess = 'public' | 'signed-in' | { permission: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The media type(s) of a file the route answers with instead of JSON (e.g. 'text/csv'). */
    download?: string | readonly string[];
  }
  interface FastifyRequest {
    actor: Actor | undefined;
  }
  interface FastifyInstance {
    commands: CommandBus;
  }
}

export const pendingSchema = z.object({
  requestId: z.string(),
  status: z.literal('PENDING'),
});

export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('UNAUTHENTICATED');
  return req.actor;
}

/** Runs a command for the signed-in user; answers 202 when it went to approval. */
export async function runCommand(
  req: FastifyRequest,
  reply: FastifyReply,
  name: string,
  input: unknown,
  status = 200,
) {
  const outcome = await req.server.commands.execute(actorOf(req), name, input);
  if (outcome.status === 'PENDING') {
    return reply.code(202).send({ requestId: outcome.requestId, status: 'PENDING' as const });
  }
  if (outcome.result === undefined) return reply.code(204).send(null);
  return reply.code(status).send(outcome.result);
}
