import {
  loyaltySettingsCommands,
  loyaltySettingsInput,
  loyaltySettingsRead,
  loyaltySettingsSchema,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getSettings } from './settings.service.ts';

/** The engine's settings (one record): read and update. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Loyalty: settings'];
  app.get(
    '/loyalty-settings',
    {
      config: { access: { permission: loyaltySettingsRead.code } },
      schema: { tags, response: { 200: loyaltySettingsSchema } },
    },
    () => getSettings(app.db),
  );
  app.put(
    '/loyalty-settings',
    {
      config: { access: { permission: loyaltySettingsCommands.update.name } },
      schema: {
        tags,
        body: loyaltySettingsInput,
        response: { 200: loyaltySettingsSchema, 202: pendingSchema, 400: problemSchema },
      },
    },
    (req, reply) => runCommand(req, reply, loyaltySettingsCommands.update.name, req.body),
  );
};
