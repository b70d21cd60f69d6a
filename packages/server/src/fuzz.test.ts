/**
 * Bad input against every operation of the OpenAPI document, and the document against what the
 * API answers. For each operation: every path and query parameter, and every field of a body
 * generated valid from the operation's own schema, is replaced in turn by hostile values
 * (integers beyond int32 and 2^53, NUL, lone surrogates, huge strings and arrays, wrong types),
 * and every date parameter by dates far outside the years the API takes (issue 48).
 * No answer may be a 5xx, and every answer's status and content type must be declared.
 */
import { apiKeyScopes } from '@loyalty/contracts';
import { createGeneratorSync } from 'json-schema-faker';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** Hostile replacements for a body field, by the type of its valid value. */
function hostileFor(value: unknown): unknown[] {
  const wrongTypes = [{}, null];
  if (typeof value === 'string')
    return ['a\u0000b', '\ud800', 'x\udfff', 'y'.repeat(20_000), 1, ...wrongTypes];
  if (typeof value === 'number')
    return [2147483648, -2147483649, 9007199254740992, -1, 0.5, 1e308, 'x', ...wrongTypes];
  if (Array.isArray(value)) return [Array(20_000).fill(value[0] ?? 'x'), 'x', ...wrongTypes];
  return ['x', 2147483648, ...wrongTypes];
}
/** Query and path values as they arrive: text. `%ED%A0%80` is a lone surrogate in UTF-8 form. */
const hostileParams = [
  '2147483648',
  '9007199254740993',
  '-1',
  '1e400',
  'a%00b',
  '%ED%A0%80',
  '%F0%9F',
  'z'.repeat(3000),
  'NaN',
];

/**
 * Dates beyond what the database holds, or whose derived windows are, by the parameter's format
 * (issue 48); the operation's other date parameters get a valid one, so that a range reaches its
 * handler (campaign performance needs both ends).
 */
const hostileDates: Record<string, string[]> = {
  date: ['0020-02-29', '6402-12-09', '0000-01-01', '9999-12-31'],
  'date-time': ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59%2B14:00'],
};
const validDates: Record<string, string> = { date: '2026-09-30', 'date-time': '2026-09-30T00:00:00Z' };
const formatOf = (p: { schema?: Json }) => String(p.schema?.format ?? '');

const generator = createGeneratorSync({ seed: 7, alwaysFakeOptionals: true, maxItems: 2 });

/** Every leaf of a value: its path and value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leaves(v, [...path, i]))];
  if (value && typeof value === 'object')
    return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  return [path];
}

function replaced(value: unknown, path: (string | number)[], by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as Json) }) as Json;
  copy[head] = replaced(copy[head], rest, by);
  return copy;
}

let t: TestApp;
let admin: { authorization: string };
let operations: Operation[];
/** The integration API's key, with every scope, so its operations are fuzzed past sign-in too. */
let apiKey: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const created = await t.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    payload: { name: 'fuzz', scopes: apiKeyScopes },
    as: admin,
  });
  apiKey = created.json().key;
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path })),
  );
});

/** Sends one request; checks it is no server error and that the document declares the answer. */
async function send(op: Operation, url: string, payload: unknown, failures: string[]) {
  const res = await t.inject({
    method: op.method as 'GET',
    url,
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    headers: {
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(url.startsWith('/api/integration') ? { 'x-api-key': apiKey } : {}),
    },
    as: admin,
  });
  const where = `${op.method} ${url.slice(0, 120)} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 160)}`;
  if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}: ${res.body.slice(0, 200)}`);
  const declared = op.responses[String(res.statusCode)] ?? op.responses.default;
  if (!declared) failures.push(`undeclared status ${res.statusCode}: ${where}`);
  else if (res.statusCode === 204 || res.body === '') {
    if (declared.content && res.statusCode === 204) failures.push(`204 declared with content: ${where}`);
  } else {
    const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (!declared.content?.[type])
      failures.push(`undeclared content type ${type} for ${res.statusCode}: ${where}`);
  }
  // An operation that ended the session (sign-out, own sessions) must not hide the next ones.
  if (res.statusCode === 401) admin = await t.signIn();
  return res;
}

function urlOf(op: Operation, pathValues: Record<string, string>, query: Record<string, string>) {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '1');
  const qs = Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

describe('every operation with hostile input', () => {
  it('answers no 5xx and only what the OpenAPI document declares', async () => {
    const failures: string[] = [];
    expect(operations.length).toBeGreaterThan(100);
    // Sign-out and ending one's own sessions run last, so the session lives through the rest.
    const ordered = [...operations].sort(
      (a, b) => Number(/logout|sessions/.test(a.path)) - Number(/logout|sessions/.test(b.path)),
    );
    for (const op of ordered) {
      if (!op.path.startsWith('/api/')) continue;
      const params = op.parameters ?? [];
      for (const p of params.filter((p) => p.in === 'path' || p.in === 'query')) {
        for (const bad of hostileParams) {
          const url = p.in === 'path' ? urlOf(op, { [p.name]: bad }, {}) : urlOf(op, {}, { [p.name]: bad });
          await send(op, url, op.requestBody ? {} : undefined, failures);
        }
      }
      const dates = params.filter((p) => p.in === 'query' && validDates[formatOf(p)]);
      for (const p of dates) {
        const others = Object.fromEntries(
          dates.filter((o) => o !== p).map((o) => [o.name, validDates[formatOf(o)] as string]),
        );
        for (const bad of hostileDates[formatOf(p)] ?? []) {
          const url = urlOf(op, {}, { ...others, [p.name]: bad });
          await send(op, url, op.requestBody ? {} : undefined, failures);
        }
      }
      const schema = op.requestBody?.content['application/json']?.schema;
      if (schema) {
        const valid = generator.generate(schema);
        // The valid body itself (not on one's own account: it could change the admin's password).
        if (!op.path.includes('/auth/')) await send(op, urlOf(op, {}, {}), valid, failures);
        for (const path of leaves(valid)) {
          const at = path.reduce<unknown>((v, k) => (v as Json)[k], valid);
          for (const bad of hostileFor(at))
            await send(op, urlOf(op, {}, {}), replaced(valid, path, bad), failures);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
