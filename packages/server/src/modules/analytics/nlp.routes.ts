import {
  boundedDay,
  checkedDayRange,
  idParams,
  messageInsightResource,
  messageInsightsOfQuery,
  nlpCommands,
  nlpOverviewSchema,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { getNlpRun, insightsOf, listMessageInsights, NLP_JOB, nlpOverview } from './nlp.service.ts';

const tags = [messageInsightResource.tag];
const read = { access: { permission: messageInsightResource.read?.code ?? '' } };
const path = resourcePath(messageInsightResource);
const runSchema = nlpOverviewSchema.shape.latestRun.unwrap();
const periodQuery = checkedDayRange(
  z.object({
    from: boundedDay.optional().describe('First day (default: the first of the month a year ago)'),
    to: boundedDay.optional().describe('Last day (default: today)'),
  }),
);

/** NLP on customer messages: the overview, the messages behind it, retraining the suggester. */
export const nlpRoutes: FastifyPluginAsyncZod = async (app) => {
  addExportRoute(app, messageInsightResource, listMessageInsights);
  app.get(
    path,
    {
      config: read,
      schema: {
        tags,
        summary: 'Analysed customer messages (drill-down by month, category, sentiment, language)',
        querystring: messageInsightResource.query,
        response: { 200: messageInsightResource.page },
      },
    },
    (req) => listMessageInsights(app.db, req.query),
  );

  app.get(
    `${path}/of`,
    {
      config: read,
      schema: {
        tags,
        summary: 'The insights (suggested category, sentiment) of some conversations: a page of the queue',
        querystring: messageInsightsOfQuery,
        response: { 200: messageInsightResource.page, 400: problemSchema },
      },
    },
    (req) =>
      insightsOf(
        app.db,
        req.query.ids.split(',').map((id) => Number(id)),
      ),
  );

  app.get(
    `${path}/overview`,
    {
      config: read,
      schema: {
        tags,
        summary: 'Figures of the models, totals, trend by category and month, keywords per month',
        querystring: periodQuery,
        response: { 200: nlpOverviewSchema, 400: problemSchema },
      },
    },
    (req) => {
      const to = req.query.to ? new Date(`${req.query.to}T00:00:00Z`) : new Date();
      const end = new Date(to.getTime() + 86_400_000);
      const from = req.query.from
        ? new Date(`${req.query.from}T00:00:00Z`)
        : new Date(Date.UTC(to.getUTCFullYear() - 1, to.getUTCMonth(), 1));
      return nlpOverview(app.db, from, req.query.to ? end : new Date(Date.now() + 60_000));
    },
  );

  app.post(
    `${path}/train`,
    {
      config: { access: { permission: nlpCommands.train.name } },
      schema: {
        tags,
        summary: `${nlpCommands.train.summary}: accepted at once (202), followed at /message-insights/runs/{id}`,
        response: { 202: runSchema.or(pendingSchema), 403: problemSchema, 409: problemSchema },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, nlpCommands.train.name, {}, 202);
      void app.jobs.tick(NLP_JOB).catch((err) => app.log.error({ err }, 'NLP training failed to start'));
      return answered;
    },
  );

  app.get(
    `${path}/runs/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: 'A training run of the suggester: status and progress',
        params: idParams,
        response: { 200: runSchema, 404: problemSchema },
      },
    },
    (req) => getNlpRun(app.db, req.params.id),
  );
};
