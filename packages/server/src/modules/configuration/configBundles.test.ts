import type { ConfigBundle, ConfigItem, ConfigItemVersion } from '@loyalty/contracts';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { configItems } from '../../db/schema/index.ts';
import { tunableNow } from '../../platform/settings/values.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { configItemFixtures } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let config: ReturnType<typeof configItemFixtures>;

const SECRET = 'Sup3r-Secret-Maps-Key-7781';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload && { payload }) });
const ok = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const bundleByCode = async (code: string): Promise<ConfigBundle> =>
  (await ok('GET', `/config-bundles?q=${code}`)).items.find((b: ConfigBundle) => b.code === code);
let n = 0;
/** The expiry of a new earning's ledger entry, in whole months after it. */
const earningExpiryMonths = async () => {
  const externalId = `CB-${++n}`;
  const res = await api('POST', '/transactions', {
    externalId,
    customerNumber: 'C-1',
    transactionTypeCode: 'SPEND',
    amount: 10,
  });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = rowsOf<{ months: number | null }>(
    await t.app.db.execute(sql`select (extract(year from age(expires_at, occurred_at)) * 12
      + extract(month from age(expires_at, occurred_at)))::int as months
      from ledger_entries where external_id = ${externalId}`),
  );
  return row?.months ?? null;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  config = configItemFixtures(t, admin);
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 10_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  await api('PUT', '/customers/C-1', { fullName: 'Noura Al-Harbi' });
});

describe('GET /config-bundles', () => {
  it('lists the seeded system bundles, each with its tunables', async () => {
    const page = await ok('GET', '/config-bundles?system=true&pageSize=20');
    expect(page.items.map((b: ConfigBundle) => b.code).sort()).toEqual(
      [
        'alertDelivery',
        'households',
        'lists',
        'loyaltyEngine',
        'reports',
        'signIn',
        'systemLogs',
        'webhookDelivery',
      ].sort(),
    );
    const engine = await bundleByCode('loyaltyEngine');
    expect(engine).toMatchObject({ system: true, status: 'ACTIVE', itemCount: 3, nameAr: 'محرك الولاء' });
    const items: ConfigItem[] = await ok('GET', `/config-bundles/${engine.id}/items`);
    expect(items.map((i) => [i.key, i.value, i.version])).toEqual([
      ['loyalty.earningBatchSize', 64, 1],
      ['loyalty.earningBatchesInFlight', 1, 1],
      ['loyalty.expiryMonths', 24, 1],
    ]);
  });
});

describe('PUT /config-items/{id}', () => {
  it('the expiry months item changes a new earning’s expiry, without a restart', async () => {
    expect(await earningExpiryMonths()).toBe(24);
    expect((await config.setValue('loyalty.expiryMonths', 6)).statusCode).toBe(200);
    expect(await earningExpiryMonths()).toBe(6);
    // One source of truth: the loyalty settings screen shows the item's value, and its change is a version.
    expect((await ok('GET', '/loyalty-settings')).expiryMonths).toBe(6);
    await ok('PUT', '/loyalty-settings', {
      expiryMonths: 12,
      tierBasis: 'LIFETIME',
      tierWindowMonths: 12,
      downgradePolicy: 'IMMEDIATE',
    });
    const item = await config.itemByKey('loyalty.expiryMonths');
    expect(item).toMatchObject({ value: 12, version: 3 });
    expect(await earningExpiryMonths()).toBe(12);
  });

  it('refuses a value of the wrong type, out of range or not allowed, with stable codes; nothing saved', async () => {
    const before = await config.itemByKey('loyalty.expiryMonths');
    const wrongType = await config.setValue('loyalty.expiryMonths', 'twelve');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({
      code: 'CONFIG_VALUE_TYPE',
      errors: [{ path: 'value', message: 'configValueType.INTEGER' }],
    });
    expect((await config.setValue('loyalty.expiryMonths', 1.5)).json().code).toBe('CONFIG_VALUE_TYPE');
    const outOfRange = await config.setValue('loyalty.expiryMonths', 121);
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().code).toBe('CONFIG_VALUE_OUT_OF_RANGE');
    expect((await config.setValue('alerts.retryBackoff', 'PT2H')).json().code).toBe(
      'CONFIG_VALUE_OUT_OF_RANGE',
    );
    expect((await config.setValue('alerts.retryBackoff', '30 seconds')).json().code).toBe(
      'CONFIG_VALUE_TYPE',
    );
    expect(await config.itemByKey('loyalty.expiryMonths')).toEqual(before);

    const bundle = await ok('POST', '/config-bundles', {
      code: 'mobileApp',
      nameEn: 'Mobile app',
      nameAr: 'تطبيق الجوال',
      status: 'ACTIVE',
    });
    const theme = await ok('POST', `/config-bundles/${bundle.id}/items`, {
      key: 'mobile.theme',
      type: 'ENUM',
      value: 'LIGHT',
      validation: { allowed: ['LIGHT', 'DARK'] },
    });
    const notAllowed = await call('PUT', `/config-items/${theme.id}`, {
      value: 'PINK',
      validation: { allowed: ['LIGHT', 'DARK'] },
    });
    expect(notAllowed.statusCode).toBe(400);
    expect(notAllowed.json()).toMatchObject({
      code: 'CONFIG_VALUE_NOT_ALLOWED',
      errors: [{ path: 'value', message: 'configValueNotAllowed' }],
    });
    const duplicate = await call('POST', `/config-bundles/${bundle.id}/items`, {
      key: 'loyalty.expiryMonths',
      type: 'INTEGER',
      value: 3,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'CONFIG_KEY_TAKEN', errors: [{ path: 'key' }] });
    const pattern = await call('POST', `/config-bundles/${bundle.id}/items`, {
      key: 'mobile.supportPhone',
      type: 'STRING',
      value: 'call us',
      validation: { pattern: '\\+9665\\d{8}' },
    });
    expect(pattern.json()).toMatchObject({
      code: 'CONFIG_VALUE_OUT_OF_RANGE',
      errors: [{ message: 'configValuePattern' }],
    });
    expect((await ok('GET', `/config-bundles/${bundle.id}/items`)).map((i: ConfigItem) => i.key)).toEqual([
      'mobile.theme',
    ]);
  });

  it('a system tunable and a system bundle cannot be deleted', async () => {
    const item = await config.itemByKey('lists.customerCountCap');
    expect((await call('DELETE', `/config-items/${item.id}`)).json().code).toBe('SYSTEM_RECORD');
    expect((await call('DELETE', `/config-bundles/${item.bundleId}`)).json().code).toBe('SYSTEM_RECORD');
  });
});

describe('versions', () => {
  it('keeps every value, and restores a previous one as a new version', async () => {
    const item = await config.itemByKey('loyalty.expiryMonths');
    const history: ConfigItemVersion[] = await ok('GET', `/config-bundles/${item.bundleId}/versions`);
    expect(history.filter((v) => v.itemId === item.id).map((v) => [v.version, v.value, v.source])).toEqual([
      [3, 12, 'loyaltySettings.update'],
      [2, 6, 'configItem.update'],
      [1, 24, 'system'],
    ]);
    expect(history.find((v) => v.version === 2 && v.itemId === item.id)?.changedBy).toBe('admin');
    const restored = await ok('POST', `/config-items/${item.id}/restore`, { version: 1 });
    expect(restored).toMatchObject({ value: 24, version: 4 });
    // The same value again (a description edited) is no new version.
    expect((await config.setValue('loyalty.expiryMonths', 24)).json()).toMatchObject({
      value: 24,
      version: 4,
    });
    expect(await earningExpiryMonths()).toBe(24);
    expect((await call('POST', `/config-items/${item.id}/restore`, { version: 99 })).statusCode).toBe(404);
  });
});

describe('secrets', () => {
  it('never answers a secret, nor writes it to the audit trail, and restores it', async () => {
    const bundle = await bundleByCode('mobileApp');
    const created = await call('POST', `/config-bundles/${bundle.id}/items`, {
      key: 'mobile.mapsApiKey',
      type: 'STRING',
      value: SECRET,
      secret: true,
      descriptionEn: 'Maps key',
    });
    expect(created.statusCode, created.body).toBe(201);
    const item: ConfigItem = created.json();
    expect(item).toMatchObject({ secret: true, hasValue: true, value: null });
    // Changed, refused (the refusal is audited with its input), restored.
    expect((await config.setValue('mobile.mapsApiKey', `${SECRET}-2`)).statusCode).toBe(200);
    expect((await config.setValue('mobile.mapsApiKey', 42)).json().code).toBe('CONFIG_VALUE_TYPE');
    expect((await call('POST', `/config-items/${item.id}/restore`, { version: 1 })).statusCode).toBe(200);

    const answers = [
      await call('GET', `/config-bundles/${bundle.id}/items`),
      await call('GET', `/config-items/${item.id}`),
      await call('GET', `/config-bundles/${bundle.id}/versions`),
      await call('GET', '/admin-logs?pageSize=100'),
    ];
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).not.toContain(SECRET);
    }
    const audit = rowsOf<{ content: string }>(
      await t.app.db.execute(sql`select row_to_json(a)::text as content from audit_log a`),
    );
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.some((a) => a.content.includes('mobile.mapsApiKey'))).toBe(true);
    expect(audit.filter((a) => a.content.includes(SECRET))).toEqual([]);
    // Sealed at rest; the restored value is the first one.
    const [stored] = rowsOf<{ secret_value: string }>(
      await t.app.db.execute(sql`select secret_value::text from config_items where id = ${item.id}`),
    );
    expect(stored?.secret_value).not.toContain(SECRET);
    const [row] = await t.app.db.select().from(configItems).where(eq(configItems.id, item.id));
    expect(row?.secretValue).toBe(SECRET);
  });
});

describe('the other tunables take effect without a restart', () => {
  it('log retention and the alert retry policy are the same values their own screens edit', async () => {
    expect((await config.setValue('logs.retentionDays', 30)).statusCode).toBe(200);
    expect((await ok('GET', '/system-logs/settings')).retentionDays).toBe(30);
    expect((await config.setValue('alerts.maxAttempts', 3)).statusCode).toBe(200);
    expect((await config.setValue('alerts.retryBackoff', 'PT2M')).statusCode).toBe(200);
    expect((await ok('GET', '/alert-settings')).retry).toEqual({ maxAttempts: 3, backoffSeconds: 120 });
  });

  it('the earnings queue reads its batch size', async () => {
    expect((await config.setValue('loyalty.earningBatchSize', 8)).statusCode).toBe(200);
    tunableNow(t.app.db, 'loyalty.earningBatchSize');
    await expect.poll(() => tunableNow(t.app.db, 'loyalty.earningBatchSize')).toBe(8);
  });

  it('the earnings queue reads how many batches may be on their way at once, and posts every earning', async () => {
    expect((await config.setValue('loyalty.earningBatchesInFlight', 3)).statusCode).toBe(200);
    tunableNow(t.app.db, 'loyalty.earningBatchesInFlight');
    await expect.poll(() => tunableNow(t.app.db, 'loyalty.earningBatchesInFlight')).toBe(3);
    const before = (await api('GET', '/customers/C-1/balance')).json().balance;
    const posted = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api('POST', '/transactions', {
          externalId: `IN-FLIGHT-${i}`,
          customerNumber: 'C-1',
          transactionTypeCode: 'SPEND',
          amount: 10,
        }),
      ),
    );
    expect(posted.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect((await api('GET', '/customers/C-1/balance')).json().balance).toBe(before + 12 * 10);
    expect((await config.setValue('loyalty.earningBatchesInFlight', 17)).statusCode).toBe(400);
  });

  it('the customer list counts up to its cap', async () => {
    await t.app.db.execute(sql`insert into customers (customer_number, full_name)
      select 'CAP-' || g, 'Capped customer ' || g from generate_series(1, 120) g`);
    const list = async () => ok('GET', '/customers?pageSize=5');
    expect(await list()).toMatchObject({ total: 121, totalCapped: false });
    expect((await config.setValue('lists.customerCountCap', 100)).statusCode).toBe(200);
    expect(await list()).toMatchObject({ total: 100, totalCapped: true });
  });

  it('a search of the message queue counts up to its own cap, the queue to the other', async () => {
    await t.app.db.execute(sql`insert into conversations (customer_id, channel, subject, preview, status,
        search_text, created_at, last_message_at)
      select c.id, 'APP', 'Card fee ' || g, 'About my card fee', 'NEW', 'capped card fee ' || g, now(), now()
      from customers c, generate_series(1, 60) g where c.customer_number = 'C-1'`);
    const search = async () => ok('GET', '/messages?q=capped&pageSize=5');
    expect(await search()).toMatchObject({ total: 60, totalCapped: false });
    expect((await config.setValue('lists.messageSearchCountCap', 50)).statusCode).toBe(200);
    expect(await search()).toMatchObject({ total: 50, totalCapped: true });
    expect(await ok('GET', '/messages?pageSize=5')).toMatchObject({ total: 60, totalCapped: false });
  });

  it('the sign-in rate limit is the item’s value', async () => {
    const attempt = () =>
      t.inject({
        method: 'POST',
        url: '/api/admin/auth/login',
        payload: { username: 'nobody', password: 'x' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await config.setValue('security.signInAttemptsPerMinute', 2)).statusCode).toBe(200);
    const codes = [(await attempt()).statusCode, (await attempt()).statusCode, (await attempt()).statusCode];
    expect(codes).toContain(429);
  });
});
