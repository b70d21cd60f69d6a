import {
  loyaltySettingsCommands,
  loyaltySettingsInput,
  loyaltySettingsRead,
  loyaltySettingsSchema,
  pointsRuleCommands,
  pointsRuleInput,
  pointsRuleListQuery,
  pointsRulePage,
  pointsRuleRead,
  pointsRuleSchema,
  problemSchema,
  ruleSimulationInput,
  ruleSimulationSchema,
  transactionTypeCommands,
  transactionTypeInput,
  transactionTypeListQuery,
  transactionTypePage,
  transactionTypeRead,
  transactionTypeSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getPointsRule, listPointsRules, simulate } from './pointsRules.service.ts';
import { getSettings } from './settings.service.ts';
import { getTransactionType, listTransactionTypes } from './transactionTypes.service.ts';

export const transactionTypeRoutes = crudRoutes({
  path: '/transaction-types',
  tag: 'Loyalty: transaction types',
  read: transactionTypeRead,
  commands: transactionTypeCommands,
  schemas: {
    query: transactionTypeListQuery,
    create: transactionTypeInput,
    item: transactionTypeSchema,
    page: transactionTypePage,
  },
  list: listTransactionTypes,
  get: getTransactionType,
});

export const pointsRuleRoutes = crudRoutes({
  path: '/points-rules',
  tag: 'Loyalty: points rules',
  read: pointsRuleRead,
  commands: pointsRuleCommands,
  schemas: {
    query: pointsRuleListQuery,
    create: pointsRuleInput,
    item: pointsRuleSchema,
    page: pointsRulePage,
  },
  list: listPointsRules,
  get: getPointsRule,
});

export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/points-rules/simulate',
    {
      config: { access: { permission: pointsRuleRead.code } },
      schema: {
        tags: ['Loyalty: points rules'],
        summary: 'Dry run: which rule would fire for a customer (or tier), type and amount, and why',
        body: ruleSimulationInput,
        response: { 200: ruleSimulationSchema, 400: problemSchema, 404: problemSchema },
      },
    },
    (req) => simulate(app.db, req.body),
  );

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
