import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';

/**
 * Issue 54: every admin list, asked in Arabic, names and describes its items in Arabic. The lists
 * are the OpenAPI document's (every `GET /api/admin/…` answering `items`; one with an `{id}` in
 * its path is read for the first record of the list before it), so a new list is checked without
 * being named here. A name or description field (`name`, `nameEn`, `description`, `tierName`, …)
 * needs its Arabic beside it (`nameAr`, `descriptionAr`, `tierNameAr`) in the item's schema, and on
 * the items a fresh installation holds (what the system itself seeds: permissions, services, roles,
 * SCA rules, customer-app features, configuration bundles and items, the first administrator) a
 * non-empty text in Arabic script. Fields that are someone's own writing or a code, and those whose
 * table still keeps one language, are declared below with the reason.
 */
const notTranslated: Record<string, string> = {
  // A customer's own name, as the customer gave it (customer data).
  'customers fullName': 'customer data',
  'redemptions customerName': 'customer data',
  'messages customerName': 'customer data',
  'outbound-deliveries customerName': 'customer data',
  'alert-deliveries customerName': 'customer data',
  'churn-scores fullName': 'customer data',
  // A household's name is the family's own (as its members call it), like a customer's name.
  'households name': 'customer data',
  // The tier's name of the day a customer moved, as recorded (decisions/bilingual.md).
  'customers/tier-history fromTierName': 'recorded history',
  'customers/tier-history toTierName': 'recorded history',
  // Labels staff give technical records, read by the engineers who set them up.
  'api-keys name': 'an integration key’s label (technical)',
  'webhook-endpoints description': 'a webhook endpoint’s note (technical)',
  // A file's name (a code).
  'report-runs fileName': 'a file name',
  'imports fileName': 'a file name',
};

type Schema = { properties?: Record<string, Schema>; items?: Schema; type?: string | string[] };
type Operation = {
  parameters?: { in: string; required?: boolean }[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Item = Record<string, unknown>;

let t: TestApp;
let admin: { authorization: string };
let lists: { path: string; item: Schema; needsQuery: boolean }[];

// The app in a hook of its own time: building it (migrations, baseline) took over 60 s at load 18.
beforeAll(async () => {
  t = await buildTestApp();
}, 240_000);

beforeAll(async () => {
  admin = await t.signIn();
  const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
  lists = Object.entries(doc.paths).flatMap(([path, methods]) => {
    const answer = methods.get?.responses['200']?.content?.['application/json']?.schema;
    // A page ({ items: [...] }) or a plain array of records.
    const item = answer?.properties?.items?.items ?? (answer?.type === 'array' ? answer.items : undefined);
    const needsQuery = !!methods.get?.parameters?.some((p) => p.in === 'query' && p.required);
    return path.startsWith('/api/admin/') && item?.properties ? [{ path, item, needsQuery }] : [];
  });
});

/** A list's name in the declarations: its path after /api/admin/, `{id}` and all left out. */
const listName = (path: string) => path.slice('/api/admin/'.length).replace(/\/\{\w+\}/g, '');
/** Name and description fields (not their Arabic), with the Arabic field each needs. */
const textFields = (keys: string[]) =>
  keys
    .filter((k) => /^(name|description)(En)?$|[a-z](Name|Description)(En)?$/.test(k))
    .map((k) => ({ field: k, arabic: `${k.replace(/En$/, '')}Ar` }));
const arabicScript = /[\u0600-\u06FF]/;

async function getItems(url: string): Promise<Item[]> {
  const res = await t.inject({ method: 'GET', url, as: admin, headers: { 'accept-language': 'ar' } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const body = res.json();
  return Array.isArray(body) ? body : body.items;
}

/**
 * The list's address with real ids: `{id}` is the first record of the list before it; none when
 * no such list is served (a replay's recipients: replays are read one at a time).
 */
async function addressOf(path: string): Promise<string | undefined> {
  const param = path.match(/^(.*?)\/\{\w+\}/);
  if (!param?.[1]) return path;
  if (!lists.some((l) => l.path === param[1])) return undefined;
  const [first] = await getItems(`${param[1]}?pageSize=1`);
  return first ? path.replace(/\{\w+\}/, String(first.id)) : undefined;
}

describe('every admin list in Arabic (issue 54)', () => {
  it('finds the lists', () => {
    expect(lists.map((l) => listName(l.path))).toEqual(
      expect.arrayContaining([
        'permissions',
        'customer-permissions',
        'features',
        'sca-rules',
        'services',
        'config-bundles/items',
        'users',
      ]),
    );
  });

  it('gives every name and description field an Arabic one beside it', () => {
    const missing = lists.flatMap(({ path, item }) =>
      textFields(Object.keys(item.properties ?? {}))
        .filter(
          ({ field, arabic }) => !item.properties?.[arabic] && !notTranslated[`${listName(path)} ${field}`],
        )
        .map(({ field, arabic }) => `${listName(path)}: ${field} without ${arabic}`),
    );
    expect(missing).toEqual([]);
  });

  it('answers the system’s own items with Arabic names and descriptions', async () => {
    const found: string[] = [];
    let checked = 0;
    for (const { path, needsQuery } of lists) {
      // A list read only for a given record (message-insights/of?messageIds=) has none here.
      const url = needsQuery ? undefined : await addressOf(path);
      if (!url) continue;
      for (const item of await getItems(`${url}?pageSize=100`)) {
        for (const { field, arabic } of textFields(Object.keys(item))) {
          const english = item[field];
          if (typeof english !== 'string' || !english || notTranslated[`${listName(path)} ${field}`])
            continue;
          checked++;
          const ar = item[arabic];
          if (typeof ar !== 'string' || !arabicScript.test(ar))
            found.push(
              `${listName(path)} #${String(item.id ?? item.code)}: ${field} "${english}" has no Arabic`,
            );
        }
      }
    }
    expect(found).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });

  it('declares only fields the lists have', () => {
    const fields = new Set(
      lists.flatMap(({ path, item }) =>
        Object.keys(item.properties ?? {}).map((k) => `${listName(path)} ${k}`),
      ),
    );
    expect(Object.keys(notTranslated).filter((k) => !fields.has(k))).toEqual([]);
  });
});
