import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, redemptions } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { uploadImage } from '../rewards/testing.ts';

let t: TestApp;
let admin: { authorization: string };
let api: ReturnType<typeof channel>;
let voucherId: number;
let newVoucher: (amount: number) => Promise<number>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  api = channel(t, await fx.apiKey());
  const imageId = await uploadImage(t, admin);
  const category = await fx.post('/api/admin/reward-categories', {
    name: 'Gifts',
    description: 'Gift cards',
    imageId,
  });
  const store = await fx.post('/api/admin/stores', { name: 'Gift Shop', imageId, categoryId: category.id });
  newVoucher = async (amount) =>
    (
      await fx.post('/api/admin/vouchers', {
        name: `Coffee ${amount}`,
        description: 'A coffee',
        imageId,
        storeId: store.id,
        amount,
        pointsRequired: 100,
        money: 15,
      })
    ).id;
  voucherId = await newVoucher(3);
  for (let i = 0; i < 6; i++) {
    await api('PUT', `/customers/R${i}`, { fullName: `Redeemer ${i}` });
    await api('POST', '/transactions', {
      externalId: `R-E${i}`,
      customerNumber: `R${i}`,
      transactionTypeCode: 'SPEND',
      amount: 150,
    });
  }
});

describe('POST /api/integration/v1/redemptions', () => {
  it('redeems a voucher for points, issues a code, and answers a repeat with the same redemption', async () => {
    const res = await api('POST', '/redemptions', { externalId: 'RD-1', customerNumber: 'R0', voucherId });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ pointsSpent: 100, balance: 50 });
    expect(res.json().code).toMatch(/^[A-Z0-9-]+$/);
    const again = await api('POST', '/redemptions', { externalId: 'RD-1', customerNumber: 'R0', voucherId });
    expect(again.json()).toMatchObject({ redemptionId: res.json().redemptionId, code: res.json().code });
    const debits = await t.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.kind, 'REDEEM'));
    expect(debits).toHaveLength(1);
  });

  it('never issues more codes than the stock when customers redeem at once', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((i) =>
        api('POST', '/redemptions', { externalId: `RD-P${i}`, customerNumber: `R${i}`, voucherId }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().code)).toEqual([
      'VOUCHER_OUT_OF_STOCK',
      'VOUCHER_OUT_OF_STOCK',
      'VOUCHER_OUT_OF_STOCK',
    ]);
  });

  it('answers problems for an unknown customer, bad input and a key without the scope', async () => {
    expect(
      (await api('POST', '/redemptions', { externalId: 'RD-X', customerNumber: 'NOBODY', voucherId }))
        .statusCode,
    ).toBe(404);
    expect((await api('POST', '/redemptions', { externalId: '', customerNumber: 'R0' })).statusCode).toBe(
      400,
    );
    const fx = programmeFixtures(t, admin);
    const noScope = channel(t, await fx.apiKey(['transactions']));
    expect(
      (await noScope('POST', '/redemptions', { externalId: 'RD-Y', customerNumber: 'R0', voucherId }))
        .statusCode,
    ).toBe(403);
  });
});

describe('one channel cannot reach another channel’s postings (issue 18, finding 7)', () => {
  const earn = { customerNumber: 'R0', transactionTypeCode: 'SPEND', amount: 40 };

  it('posts the same external id once per channel, and records the key on the entry', async () => {
    const fx = programmeFixtures(t, admin);
    const pos = channel(t, await fx.apiKey(undefined, 'POS'));
    const branch = channel(t, await fx.apiKey(undefined, 'BRANCH'));
    const first = await pos('POST', '/transactions', { ...earn, externalId: 'SHARED-1' });
    expect(first.statusCode).toBe(201);
    // Another channel's id is its own: a new posting, not a replay that reveals the first one.
    const other = await branch('POST', '/transactions', { ...earn, externalId: 'SHARED-1', amount: 70 });
    expect(other.statusCode).toBe(201);
    expect(other.json().entryId).not.toBe(first.json().entryId);
    expect((await pos('POST', '/transactions', { ...earn, externalId: 'SHARED-1' })).json()).toMatchObject({
      entryId: first.json().entryId,
      replayed: true,
    });
    const rows = await t.app.db
      .select({ channel: ledgerEntries.channel, apiKeyId: ledgerEntries.apiKeyId })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.externalId, 'SHARED-1'));
    expect(rows.map((r) => r.channel).sort()).toEqual(['BRANCH', 'POS']);
    expect(rows.every((r) => typeof r.apiKeyId === 'number')).toBe(true);
  });

  it('lets only the posting channel reverse it — any of that channel’s keys', async () => {
    const fx = programmeFixtures(t, admin);
    const pos = channel(t, await fx.apiKey(undefined, 'POS'));
    const app = channel(t, await fx.apiKey(undefined, 'MOBILE_APP'));
    const posted = await pos('POST', '/transactions', { ...earn, externalId: 'REV-1' });
    expect(posted.statusCode).toBe(201);
    const foreign = await app('POST', '/transactions/REV-1/reversal');
    expect(foreign.statusCode).toBe(404);
    // A second key of the same channel (a rotated key) may.
    const rotated = channel(t, await fx.apiKey(undefined, 'POS'));
    const reversed = await rotated('POST', '/transactions/REV-1/reversal');
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json()).toMatchObject({ pointsReversed: 40, replayed: false });
    const reversal = await t.app.db
      .select({ channel: ledgerEntries.channel })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, reversed.json().entryId));
    expect(reversal).toEqual([{ channel: 'POS' }]);
    expect((await pos('POST', '/transactions/REV-1/reversal')).json()).toMatchObject({ replayed: true });
  });

  it('keeps redemption ids per channel: another channel’s repeat is not answered the first code', async () => {
    const fx = programmeFixtures(t, admin);
    const pos = channel(t, await fx.apiKey(undefined, 'POS'));
    const plenty = await newVoucher(10);
    await pos('POST', '/transactions', {
      ...earn,
      customerNumber: 'R1',
      externalId: 'TOPUP-R1',
      amount: 500,
    });
    const redeem = { externalId: 'RD-SHARED', customerNumber: 'R1', voucherId: plenty };
    const first = await api('POST', '/redemptions', redeem);
    const other = await pos('POST', '/redemptions', redeem);
    expect([first.statusCode, other.statusCode]).toEqual([201, 201]);
    expect(other.json().code).not.toBe(first.json().code);
    expect((await pos('POST', '/redemptions', redeem)).json()).toMatchObject({ code: other.json().code });
    const rows = await t.app.db
      .select({ channel: redemptions.channel, apiKeyId: redemptions.apiKeyId })
      .from(redemptions)
      .where(eq(redemptions.externalId, 'RD-SHARED'));
    expect(rows.map((r) => r.channel).sort()).toEqual(['MOBILE_APP', 'POS']);
  });
});

describe('POST /api/integration/v1/transactions/{externalId}/reversal', () => {
  it('obeys the earning’s feature switch and service definition, as earning does (issue 48)', async () => {
    const fx = programmeFixtures(t, admin);
    const pos = channel(t, await fx.apiKey(undefined, 'POS'));
    for (const externalId of ['GATE-1', 'GATE-2']) {
      const earned = await pos('POST', '/transactions', {
        externalId,
        customerNumber: 'R5',
        transactionTypeCode: 'SPEND',
        amount: 20,
      });
      expect(earned.statusCode).toBe(201);
    }
    const admin$ = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.inject({ method, url: `/api/admin${url}`, as: admin, ...(payload ? { payload } : {}) });
    const earn = (await admin$('GET', '/features?q=earn'))
      .json()
      .items.find((f: { code: string }) => f.code === 'earn');
    const switched = (channels: string[]) =>
      admin$('PUT', `/features/${earn.id}`, { status: 'ACTIVE', channels });
    expect((await switched(earn.channels.filter((c: string) => c !== 'POS'))).statusCode).toBe(200);
    const off = await pos('POST', '/transactions/GATE-1/reversal');
    expect(off.statusCode).toBe(403);
    expect(off.json().code).toBe('FEATURE_DISABLED');
    expect((await switched(earn.channels)).statusCode).toBe(200);

    const definition = await admin$('POST', '/service-definitions', {
      service: 'earn',
      nameEn: 'Earn',
      nameAr: 'كسب',
      channels: ['MOBILE_APP'],
      status: 'ACTIVE',
    });
    expect(definition.statusCode, definition.body).toBe(201);
    const notAllowed = await pos('POST', '/transactions/GATE-2/reversal');
    expect(notAllowed.statusCode).toBe(403);
    expect(notAllowed.json().code).toBe('SERVICE_NOT_ALLOWED');
    expect((await admin$('DELETE', `/service-definitions/${definition.json().id}`)).statusCode).toBe(204);

    const reversed = await pos('POST', '/transactions/GATE-1/reversal');
    expect(reversed.statusCode).toBe(201);
    expect(reversed.json()).toMatchObject({ pointsReversed: 20, replayed: false });
  });
});

describe('OpenAPI', () => {
  it('documents the integration API with its API-key scheme and examples', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    for (const path of [
      '/api/integration/v1/customers/{customerNumber}',
      '/api/integration/v1/transactions',
      '/api/integration/v1/transactions/{externalId}/reversal',
      '/api/integration/v1/customers/{customerNumber}/balance',
      '/api/integration/v1/redemptions',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const post = doc.paths['/api/integration/v1/transactions'].post;
    expect(post.security).toEqual([{ apiKey: [] }]);
    expect(JSON.stringify(post.requestBody)).toContain('POS-2026-000123');
  });
});
