import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Channel, channels, type ImportEncoding, importEncodings } from '@loyalty/contracts';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { type OutboundAllow, parseOutboundAllow } from './platform/outbound.ts';
import { DEVELOPMENT_SECRET_KEY, isSecretKey } from './platform/secrets.ts';

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * Demo sign-in on the embedded database (documented in the README, so known to everyone): the
 * administrator made with it must change it at the first sign-in, and a server that is not a
 * local demo (production, or listening beyond loopback) refuses to start with it.
 */
export const DEMO_ADMIN = { username: 'admin', password: 'Loyalty#Demo2026' } as const;
/** The first administrator's names: English fixed, Arabic from ADMIN_NAME_AR (issue 54). */
export const DEFAULT_ADMIN_NAME = 'System Administrator';
export const DEFAULT_ADMIN_NAME_AR = 'مدير النظام';

/** Whether a listening address is only reachable from this machine. */
export function isLoopback(host: string) {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || /^::ffff:127(\.\d{1,3}){3}$/.test(h)
  );
}

/** The names proxy-addr (Fastify's trustProxy) knows for address ranges. */
const proxyAddressNames = ['loopback', 'linklocal', 'uniquelocal'];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REPORTS_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_USERNAME: z.string().trim().min(3).max(100).default(DEMO_ADMIN.username),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').max(256).optional(),
  ADMIN_NAME_AR: z.string().trim().min(1).max(200).default(DEFAULT_ADMIN_NAME_AR),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_ISSUER: z.string().min(1).default('loyalty-admin'),
  JWT_AUDIENCE: z.string().min(1).default('loyalty-admin-web'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Loyalty Admin <no-reply@loyalty.local>'),
  PUBLIC_URL: z.url().optional(),
  COOKIE_SECURE: bool,
  TRUST_PROXY: z
    .string()
    .transform((v, ctx) => {
      if (['true', '1'].includes(v)) return true;
      if (['false', '0'].includes(v)) return false;
      const hops = v.split(',').map((h) => h.trim());
      const bad = hops.find(
        (h) => !proxyAddressNames.includes(h) && !ipaddr.isValid(h) && !ipaddr.isValidCIDR(h),
      );
      if (bad === undefined) return hops;
      ctx.addIssue({ code: 'custom', message: `"${bad}" is not true, false, an address or a CIDR range` });
      return z.NEVER;
    })
    .optional(),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  INTEGRATION_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(6_000),
  INTEGRATION_BAD_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  WEB_DIST: z.string().optional(),
  DEMO_DATA: bool,
  MAP_TILE_URL: z
    .string()
    .regex(
      /^https?:\/\/[^\s"';]+$/,
      'must be an http(s) URL template such as https://tiles.example.com/{z}/{x}/{y}.png',
    )
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  API_DOCS: z.enum(['public', 'signed-in']).optional(),
  METRICS: z.enum(['on', 'off']).default('on'),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  OUTBOUND_ALLOW: z
    .string()
    .transform((v, ctx) => {
      try {
        return parseOutboundAllow(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    })
    .optional(),
  NLP_MODEL_DIR: z.string().optional(),
  IMPORT_INBOX_DIR: z.string().optional(),
  IMPORT_INBOX_CHANNEL: z.enum(channels).optional(),
  IMPORT_INBOX_ENCODING: z.enum(importEncodings).default('UTF-8'),
  IMPORT_SPOOL_DIR: z.string().min(1).optional(),
  IMPORT_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 ** 3),
  IMPORT_POST_WORKERS: z.coerce.number().int().min(1).max(8).default(2),
  IMPORT_STAGING_HEAP_MB: z.coerce.number().int().min(0).max(4096).default(64),
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(300).default(50),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an OTLP/HTTP receiver URL, such as http://collector:4318')
    .optional(),
  SECRET_KEYS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.length > 0 && keys.every(isSecretKey),
      'must be base64 keys of 32 bytes, separated by commas',
    )
    .optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /**
   * Not a local demo: NODE_ENV=production, HOST is not a loopback address, or TRUST_PROXY is on (a
   * reverse proxy serves it to others). Such a server refuses the documented demo password, needs
   * SMTP and sealing keys, and marks the refresh cookie Secure by default.
   */
  exposed: boolean;
  /** Either a PostgreSQL URL or a directory for embedded PGlite (`memory://` for tests). */
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  /** Where reports and exports read (a read replica of DATABASE_URL); unset: the main database. */
  reportsDatabase: { url: string; poolSize: number } | undefined;
  /** The administrator created at first start: its username, password and Arabic name. */
  admin: { username: string; password: string | undefined; nameAr: string };
  logLevel: string;
  /** Access-token lifetime, idle timeout and session life come from the security policy in the database. */
  jwt: { issuer: string; audience: string };
  /** Who may read the OpenAPI document and its UI (/api/docs). */
  apiDocs: 'public' | 'signed-in';
  /** Keys sealing secrets at rest (platform/secrets.ts): the first seals, all open. */
  secretKeys: string[];
  /** Outgoing e-mail; without an SMTP URL mail is written to the log (the embedded demo). */
  mail: { smtpUrl: string | undefined; from: string };
  /** Where staff reach the web app: the base of links in e-mails. */
  publicUrl: string;
  cookieSecure: boolean;
  /**
   * Whose X-Forwarded-For to believe: everyone's (true: the client's own header decides its
   * address unless the proxy strips it), the proxies' own addresses or ranges (the client's
   * address is the first hop not in the list), or nobody's (false).
   */
  trustProxy: boolean | string[];
  loginRateLimitPerMinute: number;
  /** Integration API calls per minute per API key, and unknown keys per minute per client address. */
  integrationRateLimits: { perKey: number; badKeysPerAddress: number };
  webDist: string | undefined;
  /** Load the demo programme into an empty database (default: on the embedded database only). */
  demoData: boolean;
  /**
   * Raster tiles under the locations map (`{z}/{x}/{y}`, `{s}` for subdomains); without them the
   * map shows only the offline outlines shipped with the web app (docs/decisions/content.md).
   */
  mapTiles: { url: string; attribution: string } | undefined;
  /**
   * A pretrained sentiment model (ONNX, Hugging Face layout) to use instead of the lexicon
   * (modules/analytics/nlp/sentimentModel.ts); loaded at start-up.
   */
  nlpModelDir: string | undefined;
  /**
   * The watched inbox folder of transaction files (IMPORT_INBOX_DIR; modules/imports/inbox.ts): the
   * channel their earnings post for and their encoding. Unset: no folder is watched.
   */
  importInbox: { dir: string; channel: Channel | undefined; encoding: ImportEncoding } | undefined;
  /**
   * Where received import files are written while they wait for and go through staging
   * (IMPORT_SPOOL_DIR, default the OS's temporary folder's `loyalty-imports`), and the largest file
   * accepted (IMPORT_MAX_FILE_BYTES, default 4 GiB; decisions/imports.md "Files on disk").
   */
  importFiles: { spoolDir: string; maxFileBytes: number };
  /**
   * Connections posting an import at once, each its share of the customers (IMPORT_POST_WORKERS,
   * default 2; decisions/imports.md "Two workers").
   */
  importPostWorkers: number;
  /**
   * The old-space cap (MB) of the worker thread that stages received files on PostgreSQL
   * (IMPORT_STAGING_HEAP_MB, default 64; 0: staged on the main thread, as on the embedded
   * database; decisions/imports.md "Staging in a worker thread").
   */
  importStagingHeapMb: number;
  /**
   * How far V8 lets the heap grow past what survived its last full collection before the next one
   * (HEAP_GROWING_PERCENT, default 50; 0: V8's own factor, up to 300 % on a machine of this size;
   * main.ts, decisions/imports.md "Memory").
   */
  heapGrowingPercent: number;
  /** Beyond public addresses, what outbound connections on staff input may reach (platform/outbound.ts). */
  outboundAllow: OutboundAllow;
  /** Where traces go (OTLP/HTTP, platform/tracing.ts); unset, nothing of tracing is loaded. */
  otlpEndpoint: string | undefined;
  /**
   * The bearer token a Prometheus scraper presents at /api/metrics; without it only a connection
   * from this machine may scrape, and only on a server that is not exposed.
   */
  metricsToken: string | undefined;
  /** Requests and earnings measured and /api/metrics served (METRICS=off: neither, for a benchmark's A/B). */
  metrics: boolean;
}

export class ConfigError extends Error {}

/** Why a server counts as exposed, for refusal messages. */
export const whyExposed = (env: string, host: string, trustProxy: boolean | string[] = false) =>
  env === 'production'
    ? 'with NODE_ENV=production'
    : !isLoopback(host) || !trustProxy
      ? `when listening on ${host} (HOST is not a loopback address)`
      : `with TRUST_PROXY=${trustProxy === true ? 'true' : trustProxy.join(',')} (a reverse proxy serves it to others)`;

/** Reads and validates the environment; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset (`DATABASE_URL= npm start` means the embedded database).
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const exposed = e.NODE_ENV === 'production' || !isLoopback(e.HOST) || Boolean(e.TRUST_PROXY);
  const why = whyExposed(e.NODE_ENV, e.HOST, e.TRUST_PROXY);
  if (exposed && e.ADMIN_PASSWORD === DEMO_ADMIN.password) {
    throw new ConfigError(
      `Invalid configuration:\n  ADMIN_PASSWORD: is the documented demo password; it is refused ${why}. Choose another one.`,
    );
  }
  if (exposed && !e.SECRET_KEYS) {
    throw new ConfigError(
      `Invalid configuration:\n  SECRET_KEYS: is required ${why}: second-factor secrets and signing keys are encrypted with it (make one with \`openssl rand -base64 32\`).`,
    );
  }
  if (e.REPORTS_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  REPORTS_DATABASE_URL: needs DATABASE_URL (a replica of the embedded database cannot exist).',
    );
  }
  // Mail written to the log carries live password links: only a local demo may do without SMTP.
  if (exposed && !e.SMTP_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  SMTP_URL: is required ${why} (password links and lock notices are e-mailed; without SMTP they would be written to the log).`,
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    exposed,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: path.resolve(e.DATA_DIR) },
    reportsDatabase: e.REPORTS_DATABASE_URL
      ? { url: e.REPORTS_DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : undefined,
    admin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD, nameAr: e.ADMIN_NAME_AR },
    logLevel: e.LOG_LEVEL,
    jwt: { issuer: e.JWT_ISSUER, audience: e.JWT_AUDIENCE },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    secretKeys: e.SECRET_KEYS ?? [DEVELOPMENT_SECRET_KEY],
    // An exposed server shows its API's map to signed-in staff only, unless told otherwise.
    apiDocs: e.API_DOCS ?? (exposed ? 'signed-in' : 'public'),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    // Secure unless turned off, or a local demo over plain HTTP (outside production, on loopback).
    cookieSecure: e.COOKIE_SECURE ?? exposed,
    trustProxy: e.TRUST_PROXY ?? false,
    loginRateLimitPerMinute: e.LOGIN_RATE_LIMIT_PER_MINUTE,
    integrationRateLimits: {
      perKey: e.INTEGRATION_RATE_LIMIT_PER_MINUTE,
      badKeysPerAddress: e.INTEGRATION_BAD_KEY_LIMIT_PER_MINUTE,
    },
    webDist: e.WEB_DIST,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    mapTiles: e.MAP_TILE_URL ? { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION ?? '' } : undefined,
    nlpModelDir: e.NLP_MODEL_DIR ? path.resolve(e.NLP_MODEL_DIR) : undefined,
    importInbox: e.IMPORT_INBOX_DIR
      ? {
          dir: path.resolve(e.IMPORT_INBOX_DIR),
          channel: e.IMPORT_INBOX_CHANNEL,
          encoding: e.IMPORT_INBOX_ENCODING,
        }
      : undefined,
    importFiles: {
      spoolDir: path.resolve(e.IMPORT_SPOOL_DIR ?? path.join(tmpdir(), 'loyalty-imports')),
      maxFileBytes: e.IMPORT_MAX_FILE_BYTES,
    },
    importPostWorkers: e.IMPORT_POST_WORKERS,
    importStagingHeapMb: e.IMPORT_STAGING_HEAP_MB,
    heapGrowingPercent: e.HEAP_GROWING_PERCENT,
    outboundAllow: e.OUTBOUND_ALLOW ?? { hosts: [], ranges: [] },
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    metricsToken: e.METRICS_TOKEN,
    metrics: e.METRICS === 'on',
  };
}
