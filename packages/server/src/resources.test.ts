/**
 * Every resource descriptor against the real database, on the demo programme: each sort field in
 * both directions answers a page in that order, and each filter answers only matching records.
 * A descriptor naming a field the server cannot sort or filter on fails here (and does not compile
 * in the service's list spec).
 */
import { resources } from '@loyalty/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildTestApp, DEMO_SETUP_TIMEOUT, type TestApp } from './test/app.ts';

type Row = Record<string, unknown>;
let t: TestApp;
let admin: { authorization: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  admin = await t.signIn();
}, DEMO_SETUP_TIMEOUT);

async function list(name: string, query: string) {
  const res = await t.inject({ method: 'GET', url: `/api/admin/${name}?pageSize=100&${query}`, as: admin });
  expect(res.statusCode, `${name}?${query}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json().items as Row[];
}

/** Values whose order JavaScript and PostgreSQL agree on: numbers, booleans, ISO dates and times. */
const comparable = (v: unknown) =>
  typeof v === 'number' || typeof v === 'boolean' || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));

function expectOrdered(values: unknown[], direction: 'asc' | 'desc', what: string) {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (!present.every(comparable)) return;
  for (let i = 1; i < present.length; i++) {
    const [a, b] = [present[i - 1], present[i]] as [number | string, number | string];
    expect(direction === 'asc' ? a <= b : a >= b, `${what}: ${a} then ${b}`).toBe(true);
  }
}

/** The inner type of an optional or defaulted filter schema. */
function innerOf(schema: z.ZodType): z.core.$ZodTypeDef {
  const def = schema._zod.def as z.core.$ZodTypeDef & { innerType?: z.ZodType };
  return def.innerType ? innerOf(def.innerType) : def;
}

/** A value to filter by, and whether the records answered must carry it in the same field. */
function sampleFilter(schema: z.ZodType, field: string, rows: Row[]): { value: string; exact: boolean } {
  const def = innerOf(schema) as z.core.$ZodTypeDef & { entries?: Record<string, string> };
  const seen = rows.map((r) => r[field]).find((v) => v !== null && v !== undefined);
  if (def.type === 'enum') return { value: String(seen ?? Object.values(def.entries ?? {})[0]), exact: true };
  if (def.type === 'number') return { value: String(seen ?? 1), exact: seen !== undefined };
  if (def.type === 'pipe' || def.type === 'boolean') return { value: 'true', exact: false };
  if (def.type === 'string' && (def as { format?: string }).format === 'datetime')
    return { value: new Date(Date.now() - 86_400_000).toISOString(), exact: false };
  return { value: typeof seen === 'string' ? seen : 'a', exact: false };
}

describe.each(resources.map((r) => [r.name, r] as const))('GET /api/admin/%s', (name, resource) => {
  it('sorts by every sort field of its descriptor, both ways', async () => {
    for (const field of resource.sortFields) {
      for (const direction of ['asc', 'desc'] as const) {
        const items = await list(name, `sort=${field}:${direction}`);
        expectOrdered(
          items.map((i) => i[field]),
          direction,
          `${name} by ${field} ${direction}`,
        );
      }
    }
  });

  it('filters by every filter of its descriptor', async () => {
    const shape = (resource.query as unknown as z.ZodObject).shape;
    const filters = Object.keys(shape).filter((k) => !['page', 'pageSize', 'sort', 'q'].includes(k));
    const all = await list(name, '');
    for (const field of filters) {
      const { value, exact } = sampleFilter(shape[field] as z.ZodType, field, all);
      const items = await list(name, `${field}=${encodeURIComponent(value)}`);
      if (exact)
        for (const item of items) expect(String(item[field]), `${name}?${field}=${value}`).toBe(value);
    }
  });
});
