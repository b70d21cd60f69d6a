import {
  churnCommands,
  churnCustomerParams,
  churnModelSchema,
  churnOverviewSchema,
  churnScoreResource,
  churnScoreSchema,
  churnTrainInput,
  idParams,
  problemSchema,
  resourcePath,
  trainingRunSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import {
  CHURN_JOB,
  churnOverview,
  getCustomerChurn,
  getTrainingRun,
  listChurnScores,
} from './churn.service.ts';

const tags = [churnScoreResource.tag];
const read = { access: { permission: churnScoreResource.read?.code ?? '' } };
const path = resourcePath(churnScoreResource);
const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

/** Customer churn: the model's metrics, training (a job), the ranked customers and their export. */
export const churnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        summary: 'Customers ranked by churn risk (the active model’s stored scores)',
        querystring: churnScoreResource.query,
        response: { 200: churnScoreResource.page },
      },
    },
    (req) => listChurnScores(app.db, req.query),
  );

  addExportRoute(app, churnScoreResource, listChurnScores, {
    columns: [
      'rank',
      'customerNumber',
      'fullName',
      'fullNameAr',
      'tierName',
      'segment',
      'band',
      'score',
      'drivers.0.feature',
      'drivers.1.feature',
      'drivers.2.feature',
    ],
  });

  app.get(
    `${path}/customer/:customerId`,
    {
      config: read,
      schema: {
        tags,
        summary: 'One customer’s churn risk and its drivers (404 when the customer is not scored)',
        params: churnCustomerParams,
        response: { 200: churnScoreSchema, 404: problemSchema },
      },
    },
    (req) => getCustomerChurn(app.db, req.params.customerId),
  );

  app.get(
    '/churn-models',
    {
      config: read,
      schema: {
        tags,
        summary: 'The active churn model with its hold-out metrics, the versions and the newest training run',
        response: { 200: churnOverviewSchema },
      },
    },
    () => churnOverview(app.db),
  );

  app.post(
    '/churn-models/train',
    {
      config: { access: { permission: churnCommands.train.name } },
      schema: {
        tags,
        summary: `${churnCommands.train.summary}: accepted at once (202), followed at /churn-models/runs/{id}`,
        body: churnTrainInput,
        response: { 202: trainingRunSchema.or(pendingSchema), ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, churnCommands.train.name, req.body, 202);
      void app.jobs.tick(CHURN_JOB).catch((err) => app.log.error({ err }, 'churn training failed to start'));
      return answered;
    },
  );

  app.get(
    '/churn-models/runs/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'A training run: its status and progress',
        params: idParams,
        response: { 200: trainingRunSchema, 404: problemSchema },
      },
    },
    (req) => getTrainingRun(app.db, req.params.id),
  );

  app.post(
    '/churn-models/:id/activate',
    {
      config: { access: { permission: churnCommands.activate.name } },
      schema: {
        tags,
        summary: `${churnCommands.activate.summary} (the customers are scored again with it in the background, at the job runner's next tick)`,
        params: idParams,
        response: { 200: churnModelSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) => runCommand(req, reply, churnCommands.activate.name, { id: req.params.id }),
  );
};
