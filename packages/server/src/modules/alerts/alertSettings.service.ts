import {
  type AlertSettings,
  alertSettingsCommands,
  type alertSettingsInput,
  type alertTestInput,
} from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { alertSettings, customers } from '../../db/schema/index.ts';
import { defineHandler } from '../../platform/commands.ts';
import { AppError } from '../../platform/errors.ts';
import { recordTunableChange } from '../configuration/configBundles.service.ts';
import { loadSettings, type SettingsRow, send } from './channels.ts';

type Input = z.output<typeof alertSettingsInput>;

/** The settings as the API answers them: secrets only as "set" flags. */
export function toSettings(r: SettingsRow): AlertSettings {
  return {
    smtp: {
      enabled: r.smtpEnabled,
      host: r.smtpHost,
      port: r.smtpPort,
      tls: r.smtpTls,
      user: r.smtpUser,
      passwordSet: r.smtpPassword !== '',
      from: r.smtpFrom,
    },
    sms: {
      enabled: r.smsEnabled,
      url: r.smsUrl,
      authHeader: r.smsAuthHeader,
      authValueSet: r.smsAuthValue !== '',
      bodyTemplate: r.smsBodyTemplate,
      timeoutMs: r.smsTimeoutMs,
    },
    inApp: { enabled: r.inAppEnabled },
    retry: { maxAttempts: r.maxAttempts, backoffSeconds: r.backoffSeconds },
    rateLimit: { emailPerMinute: r.emailPerMinute, smsPerMinute: r.smsPerMinute },
    timeZone: r.timeZone,
    updatedAt: r.updatedAt.toISOString(),
  };
}

export const getAlertSettings = async (db: Executor) => toSettings(await loadSettings(db));

/** The columns of an input; a secret left null/absent keeps the stored one. */
function toRow(input: Input, stored: SettingsRow): Omit<SettingsRow, 'id' | 'updatedAt'> {
  return {
    smtpEnabled: input.smtp.enabled,
    smtpHost: input.smtp.host,
    smtpPort: input.smtp.port,
    smtpTls: input.smtp.tls,
    smtpUser: input.smtp.user,
    smtpPassword: input.smtp.password ?? stored.smtpPassword,
    smtpFrom: input.smtp.from,
    smsEnabled: input.sms.enabled,
    smsUrl: input.sms.url,
    smsAuthHeader: input.sms.authHeader,
    smsAuthValue: input.sms.authValue ?? stored.smsAuthValue,
    smsBodyTemplate: input.sms.bodyTemplate,
    smsTimeoutMs: input.sms.timeoutMs,
    inAppEnabled: input.inApp.enabled,
    maxAttempts: input.retry.maxAttempts,
    backoffSeconds: input.retry.backoffSeconds,
    emailPerMinute: input.rateLimit.emailPerMinute,
    smsPerMinute: input.rateLimit.smsPerMinute,
    timeZone: input.timeZone,
  };
}

/** A test send over one channel with the settings as on screen; nothing is saved. */
async function testSend(db: Executor, { channel, to, settings }: z.output<typeof alertTestInput>) {
  const stored = await loadSettings(db);
  const s = { ...stored, ...toRow(settings, stored) };
  const key = `alert-test-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  if (channel === 'IN_APP') {
    if (!s.inAppEnabled) throw new Error('In-app alerts are off');
    const [customer] = await db
      .select({ id: customers.id, name: customers.fullName })
      .from(customers)
      .where(eq(customers.customerNumber, to));
    if (!customer) throw new Error(`No customer has the number ${to}`);
    return `In-app alerts are on; ${customer.name}'s inbox is served by the integration API`;
  }
  const text = 'This is a test alert from the loyalty programme. / هذا تنبيه تجريبي من برنامج الولاء.';
  return send(channel, s, { to, subject: 'Test alert / تنبيه تجريبي', body: text, key });
}

export const alertSettingsHandlers = [
  defineHandler(
    alertSettingsCommands.update,
    async ({ tx, actor, onBehalfOf }, input) => {
      const stored = await loadSettings(tx);
      const before = toSettings(stored);
      const [row] = (await tx
        .update(alertSettings)
        .set({ ...toRow(input, stored), updatedAt: sql`now()` })
        .where(eq(alertSettings.id, 1))
        .returning()) as [SettingsRow];
      // The retry policy is also a SystemConfigurations tunable: its history keeps this change.
      const source = alertSettingsCommands.update.name;
      await recordTunableChange({ tx, actor, onBehalfOf }, 'alerts.maxAttempts', row.maxAttempts, source);
      await recordTunableChange(
        { tx, actor, onBehalfOf },
        'alerts.retryBackoff',
        `PT${row.backoffSeconds}S`,
        source,
      );
      const after = toSettings(row);
      // Only the settings without their secrets reach the audit trail.
      return { result: after, targetType: 'alertSettings', targetId: 1, before, after };
    },
    // Never held for approval: a pending request would keep the secrets in its stored input.
    { approvable: false },
  ),
  defineHandler(
    alertSettingsCommands.test,
    async ({ tx }, input) => {
      const audit = {
        targetType: 'alertSettings',
        targetId: 1,
        after: { channel: input.channel, to: input.to },
      };
      try {
        const detail = await testSend(tx, input);
        return { result: { ok: true as const, detail }, ...audit };
      } catch (err) {
        // A refusal, never a throw: a thrown error would audit the input, secrets and all.
        const message = String((err as Error).message ?? err).slice(0, 500);
        return {
          result: { ok: true as const, detail: '' },
          ...audit,
          failure: new AppError('CHANNEL_TEST_FAILED', message),
        };
      }
    },
    { approvable: false },
  ),
];
