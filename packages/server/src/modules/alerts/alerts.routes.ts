import {
  alertDeliveryCommands,
  alertDeliveryResource,
  alertDeliverySchema,
  alertFields,
  alertPreferenceBody,
  alertPreferenceCommands,
  alertPreferenceSchema,
  alertResource,
  alertSettingsCommands,
  alertSettingsInput,
  alertSettingsRead,
  alertSettingsSchema,
  alertStatsSchema,
  alertTestInput,
  alertTestResult,
  bigIdSchema,
  idParams,
  problemSchema,
  resourcePath,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { addExportRoute } from '../../platform/exports.ts';
import { pendingSchema, runCommand } from '../../platform/http.ts';
import { listAlertDeliveries } from './alertDeliveries.service.ts';
import { getAlertPreference } from './alertPreferences.service.ts';
import { getAlertSettings } from './alertSettings.service.ts';
import { alertStats, getAlert, listAlerts } from './alerts.service.ts';
import { ALERTS_JOB } from './delivery.ts';

const errors = { 400: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };

export const alertCrudRoutes = crudRoutes(alertResource, {
  body: { create: alertFields },
  list: listAlerts,
  get: getAlert,
});

/** An alert's statistics, its deliveries (retry of a dead one), and the channel settings. */
export const alertExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  const alertRead = { access: { permission: alertResource.read?.code ?? '' } };
  app.get(
    `${resourcePath(alertResource)}/:id/stats`,
    {
      config: alertRead,
      schema: {
        tags: [alertResource.tag],
        summary: 'Deliveries of an alert over the last 30 days: sent, delivered, failed',
        params: idParams,
        response: { 200: alertStatsSchema, 404: problemSchema },
      },
    },
    (req) => alertStats(app.db, req.params.id),
  );

  const deliveries = resourcePath(alertDeliveryResource);
  const deliveryTags = [alertDeliveryResource.tag];
  addExportRoute(app, alertDeliveryResource, listAlertDeliveries);
  app.get(
    deliveries,
    {
      config: { access: { permission: alertDeliveryResource.read?.code ?? '' } },
      schema: {
        tags: deliveryTags,
        summary: 'Alert deliveries, newest first: one alert’s (alertId) or one customer’s (customerId)',
        querystring: alertDeliveryResource.query,
        response: { 200: alertDeliveryResource.page },
      },
    },
    (req) => listAlertDeliveries(app.db, req.query),
  );
  const retry = alertDeliveryCommands.retry;
  app.post(
    `${deliveries}/:id/retry`,
    {
      config: { access: { permission: retry.name } },
      schema: {
        tags: deliveryTags,
        summary: retry.summary,
        params: z.object({ id: bigIdSchema }),
        response: { 200: alertDeliverySchema, 202: pendingSchema, ...errors },
      },
    },
    async (req, reply) => {
      const answered = await runCommand(req, reply, retry.name, { id: req.params.id });
      void app.jobs.tick(ALERTS_JOB).catch((err) => app.log.error({ err }, 'alert retry failed to start'));
      return answered;
    },
  );

  const customerParams = z.object({ customerId: bigIdSchema });
  app.get(
    '/alert-preferences/:customerId',
    {
      config: { access: { permission: alertDeliveryResource.read?.code ?? '' } },
      schema: {
        tags: deliveryTags,
        summary: 'A customer’s choice about marketing alerts',
        params: customerParams,
        response: { 200: alertPreferenceSchema, 404: problemSchema },
      },
    },
    (req) => getAlertPreference(app.db, req.params.customerId),
  );
  app.put(
    '/alert-preferences/:customerId',
    {
      config: { access: { permission: alertPreferenceCommands.set.name } },
      schema: {
        tags: deliveryTags,
        summary: alertPreferenceCommands.set.summary,
        params: customerParams,
        body: alertPreferenceBody,
        response: { 200: alertPreferenceSchema, 202: pendingSchema, ...errors },
      },
    },
    (req, reply) =>
      runCommand(req, reply, alertPreferenceCommands.set.name, {
        ...req.body,
        customerId: req.params.customerId,
      }),
  );

  const settingsTags = ['Alerts: channel settings'];
  const TEST_SENDS_PER_MINUTE = 10;
  app.get(
    '/alert-settings',
    {
      config: { access: { permission: alertSettingsRead.code } },
      schema: {
        tags: settingsTags,
        summary: 'The alert channel settings (secrets only as "set" flags)',
        response: { 200: alertSettingsSchema },
      },
    },
    () => getAlertSettings(app.db),
  );
  app.put(
    '/alert-settings',
    {
      config: { access: { permission: alertSettingsCommands.update.name } },
      schema: {
        tags: settingsTags,
        summary: alertSettingsCommands.update.summary,
        body: alertSettingsInput,
        response: { 200: alertSettingsSchema, 400: problemSchema, 403: problemSchema },
      },
    },
    (req, reply) => runCommand(req, reply, alertSettingsCommands.update.name, req.body),
  );
  app.post(
    '/alert-settings/test',
    {
      config: {
        access: { permission: alertSettingsCommands.test.name },
        // Each send reaches a relay or gateway: a few a minute per staff member, not a scanner.
        rateLimit: {
          max: TEST_SENDS_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `user:${req.actor?.userId}`,
        },
      },
      schema: {
        tags: settingsTags,
        summary: `${alertSettingsCommands.test.summary}, with the settings as on screen (nothing is saved)`,
        body: alertTestInput,
        response: {
          200: alertTestResult,
          400: problemSchema,
          403: problemSchema,
          422: problemSchema,
          429: problemSchema,
        },
      },
    },
    (req, reply) => runCommand(req, reply, alertSettingsCommands.test.name, req.body),
  );
};
