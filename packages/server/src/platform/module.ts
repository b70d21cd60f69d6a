import type { FastifyPluginAsync } from 'fastify';
import type { CommandHandler } from './commands.ts';
import type { JobDefinition } from './jobs.ts';
import type { QueueProbe } from './metrics.ts';
import type { Tunable } from './settings/registry.ts';

/** One area of the server: its routes (mounted under /api/admin) and its command handlers. */
export interface ServerModule {
  name: string;
  routes: FastifyPluginAsync;
  // biome-ignore lint/suspicious/noExplicitAny: handlers of different input types share one list
  handlers: CommandHandler<any, any>[];
  /** Routes outside /api/admin, with their own prefix and authentication (the integration API). */
  rootRoutes?: FastifyPluginAsync;
  /** Scheduled background jobs (platform/jobs.ts). */
  jobs?: JobDefinition[];
  /** Background queues whose depth, failures and oldest waiting item operators watch (/api/metrics). */
  queues?: QueueProbe[];
  /** The area's tunables (platform/settings), shown and edited in SystemConfigurations. */
  tunables?: Tunable[];
}
