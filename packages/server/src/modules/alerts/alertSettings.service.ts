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
import { recordTunableChange } from '../../platform/settings/history.ts';
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
      requireTls: r.smtpRequireTls,
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

/**
 * Each secret with the destination it was stored for: it is only ever sent there. A stored
 * secret is kept when the input leaves it null/absent and the destination is the same; to another
 * destination it must be typed again.
 */
const secrets = {
  smtp: {
    field: 'smtp.password',
    sameDestination: (input: Input, r: SettingsRow) =>
      input.smtp.host === r.smtpHost && input.smtp.port === r.smtpPort,
    typed: (input: Input) => input.smtp.password,
    stored: (r: SettingsRow) => r.smtpPassword,
  },
  sms: {
    field: 'sms.authValue',
    sameDestination: (input: Input, r: SettingsRow) =>
      input.sms.url === r.smsUrl && input.sms.authHeader.toLowerCase() === r.smsAuthHeader.toLowerCase(),
    typed: (input: Input) => input.sms.authValue,
    stored: (r: SettingsRow) => r.smsAuthValue,
  },
} as const;

/** A secret's column: as typed ('' clears it); left out, the stored one while still bound. */
function secretColumn(kind: keyof typeof secrets, input: Input, stored: SettingsRow): string {
  const s = secrets[kind];
  return s.typed(input) ?? (s.sameDestination(input, stored) ? s.stored(stored) : '');
}

/** The columns of an input; a secret is kept only towards the destination it was stored for. */
function toRow(input: Input, stored: SettingsRow): Omit<SettingsRow, 'id' | 'updatedAt'> {
  return {
    smtpEnabled: input.smtp.enabled,
    smtpHost: input.smtp.host,
    smtpPort: input.smtp.port,
    smtpTls: input.smtp.tls,
    smtpRequireTls: input.smtp.requireTls,
    smtpUser: input.smtp.user,
    smtpPassword: secretColumn('smtp', input, stored),
    smtpFrom: input.smtp.from,
    smsEnabled: input.sms.enabled,
    smsUrl: input.sms.url,
    smsAuthHeader: input.sms.authHeader,
    smsAuthValue: secretColumn('sms', input, stored),
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

/**
 * A test send over one channel with the settings as on screen; nothing is saved. The channel must
 * be switched on in them, and a stored secret is used only towards its own destination: a test to
 * another one without the secret typed is refused on the secret's field (nothing is sent).
 */
async function testSend(db: Executor, { channel, to, settings }: z.output<typeof alertTestInput>) {
  const stored = await loadSettings(db);
  if (channel !== 'IN_APP') {
    const secret = secrets[channel === 'EMAIL' ? 'smtp' : 'sms'];
    if (
      secret.typed(settings) == null &&
      secret.stored(stored) !== '' &&
      !secret.sameDestination(settings, stored)
    ) {
      throw new AppError('VALIDATION_FAILED', 'The destination changed: type its secret again', [
        { path: `settings.${secret.field}`, message: 'secretRequired' },
      ]);
    }
  }
  const s = { ...stored, ...toRow(settings, stored) };
  const key = `alert-test-${Date.now()}-${Math.random().toString(36).slice(2, 10)}`;
  const on = { EMAIL: s.smtpEnabled, SMS: s.smsEnabled, IN_APP: s.inAppEnabled }[channel];
  if (!on) throw new Error(`${{ EMAIL: 'E-mail', SMS: 'SMS', IN_APP: 'In-app' }[channel]} alerts are off`);
  if (channel === 'IN_APP') {
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
          failure: err instanceof AppError ? err : new AppError('CHANNEL_TEST_FAILED', message),
        };
      }
    },
    { approvable: false },
  ),
];
