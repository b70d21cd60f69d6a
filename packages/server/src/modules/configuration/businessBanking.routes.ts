import {
  businessBankingCommands,
  businessBankingFields,
  businessBankingRead,
  businessBankingSchema,
  problemSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getBusinessBanking } from './businessBanking.service.ts';

const tags = ['Configuration: business banking'];
const path = '/business-banking-settings';

/** BusinessConfigurations/BusinessBankingConfigurations: one row, read and changed as a command. */
export const businessBankingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      config: { access: { permission: businessBankingRead.code } },
      schema: { tags, response: { 200: businessBankingSchema } },
    },
    () => getBusinessBanking(app.db),
  );
  app.put(
    path,
    {
      config: { access: { permission: businessBankingCommands.update.name } },
      schema: {
        tags,
        summary: businessBankingCommands.update.summary,
        body: businessBankingFields,
        response: { 200: businessBankingSchema, 202: pendingSchema, 400: problemSchema, 403: problemSchema },
      },
    },
    (req, reply) => runCommand(req, reply, businessBankingCommands.update.name, req.body),
  );
};
