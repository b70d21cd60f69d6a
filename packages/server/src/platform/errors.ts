import { randomUUID } from 'node:crypto';
import type { Duplex } from 'node:stream';
import { type ErrorCode, errorCodes, type FieldError, type Problem } from '@loyalty/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';

const titles: Record<ErrorCode, string> = {
  VALIDATION_FAILED: 'The request has invalid fields',
  BAD_REQUEST: 'The request is malformed',
  UNAUTHENTICATED: 'Sign-in required',
  INVALID_CREDENTIALS: 'Invalid username or password',
  SESSION_EXPIRED: 'The session has ended',
  SECOND_FACTOR_INVALID: 'The second-factor code is not valid',
  CHALLENGE_INVALID: 'The sign-in step has expired; sign in again',
  PASSWORD_REJECTED: 'The new password does not meet the credential policy',
  LINK_INVALID: 'The link is invalid, used or expired',
  STEP_UP_REQUIRED: 'This operation needs your second factor',
  PRIVILEGE_ESCALATION: 'You cannot grant permissions you do not hold',
  OWN_ACCOUNT: 'You cannot change your own role or status',
  FEATURE_DISABLED: 'This feature is switched off for this channel',
  SERVICE_NOT_ALLOWED: 'This channel may not use this service',
  LIMIT_EXCEEDED: 'The customer has reached the daily limit of this service',
  NOT_ELIGIBLE: 'The customer does not meet an eligibility criterion',
  SYSTEM_RECORD: 'Built-in records cannot be changed this way',
  CONFIG_VALUE_TYPE: 'The value is not of the item’s type',
  CONFIG_VALUE_OUT_OF_RANGE: 'The value is outside the item’s validation',
  CONFIG_VALUE_NOT_ALLOWED: 'The value is not one of the allowed values',
  CONFIG_KEY_TAKEN: 'Another configuration item has this key',
  FORBIDDEN: 'Not allowed',
  SELF_APPROVAL_FORBIDDEN: 'A maker cannot check their own request',
  APPROVAL_ALREADY_PENDING: 'A request for this record and action is already waiting for approval',
  APPROVAL_NOT_PENDING: 'The request is no longer pending',
  APPROVAL_STALE: 'The record changed after the request was made',
  NOT_FOUND: 'Not found',
  CONFLICT: 'Conflicts with existing data',
  TIER_RANGE_OVERLAP: 'The points range overlaps another tier',
  INSUFFICIENT_POINTS: 'The customer does not have enough points',
  CUSTOMER_NOT_ACTIVE: 'The customer is blocked or closed',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'The file is not a PNG, JPEG or WebP image',
  VOUCHER_UNAVAILABLE: 'The voucher is inactive or outside its validity',
  VOUCHER_OUT_OF_STOCK: 'No codes of this voucher are left',
  VOUCHER_CODES_EXHAUSTED:
    "The voucher's pool of partner codes is empty: import more codes for it before it can be redeemed",
  REDEMPTION_LIMIT_REACHED: 'The customer already holds as many codes of this voucher as allowed',
  REDEMPTION_ALREADY_CANCELLED: 'The redemption is already cancelled',
  AUDIENCE_EMPTY: 'No customer would receive this message',
  CSV_INVALID: 'The CSV file has lines that are not known customer numbers',
  ALERT_CATEGORY_HAS_GROUPS: 'The alert category still has groups',
  ALERT_GROUP_HAS_ALERTS: 'The alert group still has alerts',
  ALERT_HAS_DELIVERIES: 'The alert has deliveries; disable it instead',
  ALERT_DELIVERY_NOT_DEAD: 'Only a dead-lettered delivery can be sent again',
  CAMPAIGN_ACTIVE: "An active campaign's terms cannot be changed: pause or end it",
  CAMPAIGN_ENDED: 'The campaign has ended and cannot be activated again',
  CAMPAIGN_STATUS: 'The campaign cannot do that in its current status',
  CHALLENGE_STATUS: 'The challenge cannot do that in its current status',
  CHALLENGE_NOT_AVAILABLE: 'The challenge is not open to this customer',
  CHANNEL_TEST_FAILED: 'The test send failed',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Unexpected server error',
  SERVICE_UNAVAILABLE: 'Service unavailable',
};

/** An error with a stable code; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    detail?: string,
    readonly errors?: FieldError[],
  ) {
    super(detail ?? titles[code]);
  }
  get status(): number {
    return errorCodes[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

export function validationError(error: ZodError): AppError {
  return new AppError('VALIDATION_FAILED', undefined, fieldErrors(error));
}

/** A connection to the database lost or refused: the request may be sent again in a moment. */
const unavailable = (message = '') =>
  /^Connection terminated|^connect ECONNREFUSED|^read ECONNRESET|Client has encountered a connection error/.test(
    message,
  );

/**
 * Maps PostgreSQL constraint violations to stable codes (the database is the last line), and a
 * lost database connection (SQLSTATE class 08, an administrator's or crash shutdown) to 503.
 */
function fromDatabase(err: unknown): AppError | undefined {
  const e = err as {
    code?: string;
    constraint?: string;
    message?: string;
    cause?: { code?: string; constraint?: string; message?: string };
  };
  const pgErr = e.cause?.code ? e.cause : e;
  if (
    pgErr.code?.startsWith('08') ||
    ['57P01', '57P02', '57P03'].includes(pgErr.code ?? '') ||
    unavailable(e.cause?.message ?? e.message)
  )
    return new AppError('SERVICE_UNAVAILABLE', 'The database is unavailable; try again in a moment');
  switch (pgErr.code) {
    case '23P01':
      return pgErr.constraint === 'tiers_range_excl'
        ? new AppError('TIER_RANGE_OVERLAP')
        : new AppError('CONFLICT');
    case '23505':
      return new AppError('CONFLICT', 'A record with the same unique value already exists');
    case '23503':
      return new AppError('CONFLICT', 'The record is referenced by other records');
    default:
      return undefined;
  }
}

export function toProblem(err: unknown, requestId: string): Problem {
  let app: AppError;
  const fe = err as FastifyError;
  if (err instanceof AppError) app = err;
  else if (hasZodFastifySchemaValidationErrors(err)) {
    app = new AppError(
      'VALIDATION_FAILED',
      undefined,
      err.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? 'invalid',
      })),
    );
  } else if (fromDatabase(err)) app = fromDatabase(err) as AppError;
  else if (fe.statusCode === 429) app = new AppError('RATE_LIMITED');
  else if (fe.statusCode === 413) app = new AppError('PAYLOAD_TOO_LARGE');
  else if (fe.statusCode === 404) app = new AppError('NOT_FOUND');
  else if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    app = new AppError('BAD_REQUEST', fe.message);
  else app = new AppError('INTERNAL');
  return {
    type: `urn:loyalty-admin:problem:${app.code}`,
    title: titles[app.code],
    status: app.status,
    code: app.code,
    detail: app.message,
    requestId,
    ...(app.errors ? { errors: app.errors } : {}),
  };
}

/** What a URL the router refuses is told (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH). */
export const badUrlDetail = (code: string) =>
  code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'A path segment is too long' : 'The URL is malformed';

/** Why Node's HTTP parser refused a request, for the problem's detail. */
export function clientErrorDetail(code: string | undefined): string {
  switch (code) {
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return 'The Content-Length header is malformed';
    case 'HPE_HEADER_OVERFLOW':
      return 'The request headers are too large';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'The request did not arrive in time';
    default:
      return 'The request is malformed';
  }
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses before Fastify sees it (a
 * malformed Content-Length, a broken request line or header, headers too large, too slow) is
 * answered problem+json 400 BAD_REQUEST like any other malformed request, where Fastify answered
 * its own JSON (issue 48); then the connection is closed, as the parser cannot go on.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Duplex) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const problem = toProblem(new AppError('BAD_REQUEST', clientErrorDetail(err.code)), randomUUID());
    const body = JSON.stringify(problem);
    socket.write(
      'HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

/**
 * What a server error may put in the logs (which SystemLogs readers see): its type, the first line
 * of its message, the database's error code and constraint, and the stack frames — never a query's
 * parameters, which carry the request's data.
 */
export function loggable(err: unknown) {
  const e = err as { name?: string; message?: string; stack?: string; cause?: unknown };
  const pg = (e.cause ?? e) as { code?: unknown; constraint?: unknown; routine?: unknown };
  return {
    type: e.name ?? typeof err,
    message: String(e.message ?? err).split('\n')[0],
    ...(typeof pg.code === 'string' ? { code: pg.code } : {}),
    ...(typeof pg.constraint === 'string' ? { constraint: pg.constraint } : {}),
    ...(typeof pg.routine === 'string' ? { routine: pg.routine } : {}),
    stack: (e.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}

export function registerErrorHandling(app: FastifyInstance, spa: { indexHtml: boolean }) {
  app.setErrorHandler((err, req, reply) => {
    const problem = toProblem(err, req.id);
    if (problem.status >= 500) req.log.error({ err: loggable(err) }, 'request failed');
    else req.log.info({ code: problem.code, detail: problem.detail }, 'request refused');
    if (problem.status === 503) reply.header('retry-after', '1');
    return reply.code(problem.status).type('application/problem+json').send(problem);
  });
  app.setNotFoundHandler((req, reply) => {
    // Unknown app paths get the single-page app, whose router shows the login page for them.
    if (spa.indexHtml && req.method === 'GET' && !req.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    const problem = toProblem(
      new AppError('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`),
      req.id,
    );
    return reply.code(404).type('application/problem+json').send(problem);
  });
}
