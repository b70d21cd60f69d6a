import { z } from 'zod';
import { command, type ReadPermission } from '../commands.ts';
import { rawText, text } from '../common.ts';
import { alertChannel } from './alerts.ts';

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'invalidUrl' })
  .max(500)
  .or(z.literal(''));
const headerName = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]*$/, { error: 'invalidHeaderName' });

/**
 * Channel settings of the alerts (`AlertConfigurations`). Secrets (SMTP password, the SMS
 * gateway's authentication value) are write-only: a null or absent value keeps the stored one
 * while the destination it was stored with stays (SMTP host and port; the gateway's URL and
 * header), '' clears it; they are never answered, audited or shown.
 */
export const alertSettingsInput = z.object({
  smtp: z.object({
    enabled: z.boolean(),
    host: text(200).default(''),
    port: z.number().int().min(1).max(65535).default(587),
    tls: z.boolean().default(false).describe('Implicit TLS (port 465); STARTTLS is used when offered'),
    requireTls: z
      .boolean()
      .default(false)
      .describe('Refuse to send unless the relay offers STARTTLS (without implicit TLS)'),
    user: text(200).default(''),
    password: rawText(500).nullable().optional(),
    from: z.union([z.email({ error: 'invalidEmail' }).max(200), z.literal('')]).default(''),
  }),
  sms: z.object({
    enabled: z.boolean(),
    url: httpUrl.default(''),
    authHeader: headerName.default('Authorization'),
    authValue: rawText(1000).nullable().optional(),
    bodyTemplate: text(2000)
      .default('{"to":"{{to}}","text":"{{text}}"}')
      .describe('JSON body; {{to}} and {{text}} are filled (JSON-escaped)'),
    timeoutMs: z.number().int().min(500).max(60_000).default(5000),
  }),
  inApp: z.object({ enabled: z.boolean() }),
  retry: z.object({
    maxAttempts: z.number().int().min(1).max(20).default(5),
    backoffSeconds: z.number().int().min(1).max(3600).default(30),
  }),
  rateLimit: z.object({
    emailPerMinute: z.number().int().min(1).max(100_000).default(600),
    smsPerMinute: z.number().int().min(1).max(100_000).default(300),
  }),
  timeZone: z
    .string()
    .max(64)
    .refine(
      (tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'invalidTimeZone' },
    )
    .default('Asia/Riyadh')
    .describe('Quiet hours are read in this time zone'),
});
export type AlertSettingsInput = z.input<typeof alertSettingsInput>;

export const alertSettingsSchema = z.object({
  smtp: z.object({
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    tls: z.boolean(),
    requireTls: z.boolean(),
    user: z.string(),
    passwordSet: z.boolean(),
    from: z.string(),
  }),
  sms: z.object({
    enabled: z.boolean(),
    url: z.string(),
    authHeader: z.string(),
    authValueSet: z.boolean(),
    bodyTemplate: z.string(),
    timeoutMs: z.number().int(),
  }),
  inApp: z.object({ enabled: z.boolean() }),
  retry: z.object({ maxAttempts: z.number().int(), backoffSeconds: z.number().int() }),
  rateLimit: z.object({ emailPerMinute: z.number().int(), smsPerMinute: z.number().int() }),
  timeZone: z.string(),
  updatedAt: z.string(),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/**
 * A test send: the settings as on screen (saved or not). A secret left empty uses the stored one
 * only towards the destination it was stored with; to another, it must be typed
 * (`secretRequired` on the field).
 */
export const alertTestInput = z.object({
  channel: alertChannel,
  to: text(200)
    .min(1, { error: 'fillAllFields' })
    .describe('E-mail address, mobile number or customer number'),
  settings: alertSettingsInput,
});
export const alertTestResult = z.object({ ok: z.literal(true), detail: z.string() });

export const alertSettingsCommands = {
  update: command('alertSettings.update', alertSettingsInput, 'Change the alert channel settings'),
  test: command('alertSettings.test', alertTestInput, 'Send a test alert over one channel'),
};
export const alertSettingsRead: ReadPermission = {
  code: 'alertSettings.read',
  summary: 'View the alert channel settings (never their secrets)',
};
