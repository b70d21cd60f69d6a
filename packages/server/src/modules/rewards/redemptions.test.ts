import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customers, ledgerEntries, redemptions, vouchers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { redeemVoucher } from './redemptions.service.ts';
import { customerWith, storeFixture, voucherFactory } from './testing.ts';

let t: TestApp;
let admin: { authorization: string };
let voucherWith: (extra?: object) => Promise<number>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
  const { imageId, storeId } = await storeFixture(t, admin, 'Gifts');
  voucherWith = voucherFactory(t, admin, {
    name: 'Gift card',
    nameAr: 'بطاقة هدية',
    description: 'A gift card',
    imageId,
    storeId,
    amount: 100,
    pointsRequired: 300,
    money: 10,
  });
});

const redeem = (customerId: number, voucherId: number, externalId?: string, as = admin) =>
  t.inject({
    method: 'POST',
    url: '/api/admin/redemptions',
    as,
    payload: { customerId, voucherId, externalId },
  });
const cancel = (id: number, reason = 'Customer changed their mind', as = admin) =>
  t.inject({ method: 'POST', url: `/api/admin/redemptions/${id}/cancel`, as, payload: { reason } });

const balanceOf = async (id: number) =>
  (await t.app.db.select({ balance: customers.balance }).from(customers).where(eq(customers.id, id)))[0]
    ?.balance;
const issuedOf = async (id: number) =>
  (await t.app.db.select({ issued: vouchers.issued }).from(vouchers).where(eq(vouchers.id, id)))[0]?.issued;
const codes = (results: { statusCode: number; json(): { code: string } }[]) =>
  results.map((r) => (r.statusCode === 201 ? 'OK' : r.json().code)).sort();

describe('POST /api/admin/redemptions', () => {
  it('issues a unique code, debits the points through the ledger and takes one code from the stock', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const res = await redeem(customerId, voucherId);
    expect(res.statusCode).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ pointsSpent: 300, balance: 700 });
    expect(result.code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    expect(await balanceOf(customerId)).toBe(700);
    expect(await issuedOf(voucherId)).toBe(1);

    const [entry] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, `redemption:${result.redemptionId}`));
    expect(entry).toMatchObject({ kind: 'REDEEM', points: -300, balanceAfter: 700 });
    const [row] = await t.app.db.select().from(redemptions).where(eq(redemptions.id, result.redemptionId));
    expect(row).toMatchObject({ status: 'ISSUED', channel: 'BACK_OFFICE', ledgerEntryId: entry?.id });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.command, 'redemption.create'), eq(auditLog.targetId, String(result.redemptionId))),
      );
    expect(audit?.outcome).toBe('SUCCESS');

    const voucher = (
      await t.inject({ method: 'GET', url: `/api/admin/vouchers/${voucherId}`, as: admin })
    ).json();
    expect(voucher).toMatchObject({ issued: 1, remaining: 99 });
  });

  it('answers the first result again for a repeated externalId, and refuses it for another voucher', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const first = (await redeem(customerId, voucherId, 'pos-77')).json();
    const again = await redeem(customerId, voucherId, 'pos-77');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first);
    expect(await balanceOf(customerId)).toBe(700);
    expect(await issuedOf(voucherId)).toBe(1);
    const other = await redeem(customerId, await voucherWith(), 'pos-77');
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('CONFLICT');
  });

  it('refuses a short balance and changes nothing', async () => {
    const customerId = await customerWith(t, 299);
    const voucherId = await voucherWith();
    const res = await redeem(customerId, voucherId);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSUFFICIENT_POINTS');
    expect(await balanceOf(customerId)).toBe(299);
    expect(await issuedOf(voucherId)).toBe(0);
    const rows = await t.app.db.select().from(redemptions).where(eq(redemptions.customerId, customerId));
    expect(rows).toEqual([]);
  });

  it('refuses a blocked customer, an inactive or out-of-date voucher and an empty stock', async () => {
    const blocked = await customerWith(t, 1000, 'BLOCKED');
    const rich = await customerWith(t, 10_000);
    expect((await redeem(blocked, await voucherWith())).json().code).toBe('CUSTOMER_NOT_ACTIVE');
    for (const extra of [{ status: 'INACTIVE' }, { validUntil: '2020-12-31' }, { validFrom: '2999-01-01' }]) {
      const res = await redeem(rich, await voucherWith(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(409);
      expect(res.json().code).toBe('VOUCHER_UNAVAILABLE');
    }
    const today = new Date().toISOString().slice(0, 10);
    expect((await redeem(rich, await voucherWith({ validFrom: today, validUntil: today }))).statusCode).toBe(
      201,
    );
    const empty = await voucherWith({ amount: 0 });
    expect((await redeem(rich, empty)).json().code).toBe('VOUCHER_OUT_OF_STOCK');
  });

  it('holds the per-customer limit, counting only codes not cancelled', async () => {
    const customerId = await customerWith(t, 10_000);
    const voucherId = await voucherWith({ perCustomerLimit: 1 });
    const first = await redeem(customerId, voucherId);
    expect(first.statusCode).toBe(201);
    const second = await redeem(customerId, voucherId);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('REDEMPTION_LIMIT_REACHED');
    expect(await issuedOf(voucherId)).toBe(1);
    expect((await cancel(first.json().redemptionId)).statusCode).toBe(200);
    expect((await redeem(customerId, voucherId)).statusCode).toBe(201);
  });

  it('answers 404 for an unknown customer or voucher and 400 for bad input', async () => {
    const customerId = await customerWith(t, 1000);
    expect((await redeem(999_999, await voucherWith())).statusCode).toBe(404);
    expect((await redeem(customerId, 999_999)).statusCode).toBe(404);
    const bad = await t.inject({
      method: 'POST',
      url: '/api/admin/redemptions',
      as: admin,
      payload: { customerId: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
  });

  it('needs redemption.create', async () => {
    const reader = await t.userWith(['redemption.read']);
    const res = await redeem(await customerWith(t, 1000), await voucherWith(), undefined, reader);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/redemptions/:id/cancel', () => {
  it('returns the points and the code to the stock, once', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const { redemptionId } = (await redeem(customerId, voucherId)).json();
    const res = await cancel(redemptionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redemptionId, pointsReturned: 300, balance: 1000 });
    expect(await balanceOf(customerId)).toBe(1000);
    expect(await issuedOf(voucherId)).toBe(0);
    const [row] = await t.app.db.select().from(redemptions).where(eq(redemptions.id, redemptionId));
    expect(row).toMatchObject({ status: 'CANCELLED', cancelReason: 'Customer changed their mind' });
    const [reversal] = await t.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, Number(row?.cancelEntryId)));
    expect(reversal).toMatchObject({ kind: 'REVERSAL', points: 300, reversalOf: row?.ledgerEntryId });
    // Customer info names the voucher on both entries, in both languages, and gives the reason.
    const ledger = await t.inject({
      method: 'GET',
      url: `/api/admin/customers/${customerId}/ledger`,
      as: admin,
    });
    const origin = {
      type: 'REDEMPTION',
      id: redemptionId,
      voucher: expect.stringMatching(/^Gift card \d+$/),
    };
    expect(ledger.json().items).toMatchObject([
      {
        kind: 'REVERSAL',
        note: 'Customer changed their mind',
        origin: { ...origin, voucherAr: 'بطاقة هدية', returned: true },
      },
      { kind: 'REDEEM', origin: { ...origin, voucherAr: 'بطاقة هدية', returned: false } },
      { kind: 'ADJUST', origin: null },
    ]);

    const twice = await cancel(redemptionId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('REDEMPTION_ALREADY_CANCELLED');
    expect(await balanceOf(customerId)).toBe(1000);
  });

  it('needs a reason, an existing redemption and the permission', async () => {
    const { redemptionId } = (await redeem(await customerWith(t, 1000), await voucherWith())).json();
    const noReason = await cancel(redemptionId, ' ');
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'fillAllFields' }]);
    expect((await cancel(999_999)).statusCode).toBe(404);
    const redeemer = await t.userWith(['redemption.create']);
    expect((await cancel(redemptionId, 'x', redeemer)).statusCode).toBe(403);
  });
});

describe('GET /api/admin/redemptions', () => {
  it('lists by customer, voucher and status with names, newest first', async () => {
    const customerId = await customerWith(t, 5000);
    const voucherA = await voucherWith();
    const voucherB = await voucherWith();
    const a = (await redeem(customerId, voucherA)).json();
    const b = (await redeem(customerId, voucherB)).json();
    await cancel(a.redemptionId);

    const all = (
      await t.inject({ method: 'GET', url: `/api/admin/redemptions?customerId=${customerId}`, as: admin })
    ).json();
    expect(all.total).toBe(2);
    expect(all.items.map((r: { id: number }) => r.id)).toEqual([b.redemptionId, a.redemptionId]);
    expect(all.items[0]).toMatchObject({
      customerId,
      customerName: expect.stringContaining('Reward Tester'),
      voucherId: voucherB,
      voucherName: expect.stringContaining('Gift card'),
      code: b.code,
      status: 'ISSUED',
      channel: 'BACK_OFFICE',
      cancelledAt: null,
    });
    const cancelled = (
      await t.inject({
        method: 'GET',
        url: `/api/admin/redemptions?customerId=${customerId}&status=CANCELLED`,
        as: admin,
      })
    ).json();
    expect(cancelled.items.map((r: { id: number }) => r.id)).toEqual([a.redemptionId]);
    expect(cancelled.items[0].cancelReason).toBe('Customer changed their mind');
    const byVoucher = (
      await t.inject({ method: 'GET', url: `/api/admin/redemptions?voucherId=${voucherB}`, as: admin })
    ).json();
    expect(byVoucher.total).toBe(1);
    const byCode = (
      await t.inject({ method: 'GET', url: `/api/admin/redemptions?q=${b.code}`, as: admin })
    ).json();
    expect(byCode.items.map((r: { id: number }) => r.id)).toEqual([b.redemptionId]);
  });

  it('needs redemption.read', async () => {
    const nobody = await t.userWith([]);
    expect((await t.inject({ method: 'GET', url: '/api/admin/redemptions', as: nobody })).statusCode).toBe(
      403,
    );
  });
});

describe('vouchers with redemptions', () => {
  it('cannot lose their history or go below the codes issued', async () => {
    const customerId = await customerWith(t, 5000);
    const voucherId = await voucherWith({ amount: 5 });
    await redeem(customerId, voucherId);
    await redeem(customerId, voucherId);
    const del = await t.inject({ method: 'DELETE', url: `/api/admin/vouchers/${voucherId}`, as: admin });
    expect(del.statusCode).toBe(409);
    const voucher = (
      await t.inject({ method: 'GET', url: `/api/admin/vouchers/${voucherId}`, as: admin })
    ).json();
    const { id, storeName, issued, remaining, createdAt, updatedAt, ...input } = voucher;
    const shrink = await t.inject({
      method: 'PUT',
      url: `/api/admin/vouchers/${id}`,
      as: admin,
      payload: { ...input, amount: 1 },
    });
    expect(shrink.statusCode).toBe(400);
    expect(shrink.json().errors).toEqual([{ path: 'amount', message: 'amountBelowIssued' }]);
    const exact = await t.inject({
      method: 'PUT',
      url: `/api/admin/vouchers/${id}`,
      as: admin,
      payload: { ...input, amount: 2 },
    });
    expect(exact.json()).toMatchObject({ amount: 2, issued: 2, remaining: 0 });
  });
});

describe('redeemVoucher (the integration API calls it)', () => {
  it('records the channel and the actor-less request', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const result = await t.app.db.transaction((tx) =>
      redeemVoucher(tx, { customerId, voucherId, externalId: 'app-1', channel: 'MOBILE_APP' }),
    );
    expect(result).toMatchObject({ pointsSpent: 300, balance: 700 });
    const [row] = await t.app.db.select().from(redemptions).where(eq(redemptions.externalId, 'app-1'));
    expect(row).toMatchObject({ channel: 'MOBILE_APP', createdBy: null });
  });
});

describe('concurrent redemptions', () => {
  it('give exactly the stock when many customers race for the last codes', async () => {
    const voucherId = await voucherWith({ amount: 3 });
    const people = await Promise.all(Array.from({ length: 10 }, () => customerWith(t, 1000)));
    const results = await Promise.all(people.map((c) => redeem(c, voucherId)));
    expect(codes(results)).toEqual([...Array(3).fill('OK'), ...Array(7).fill('VOUCHER_OUT_OF_STOCK')].sort());
    expect(await issuedOf(voucherId)).toBe(3);
    const rows = await t.app.db.select().from(redemptions).where(eq(redemptions.voucherId, voucherId));
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.code)).size).toBe(3);
  });

  it('hold the per-customer limit under parallel requests', async () => {
    const customerId = await customerWith(t, 100_000);
    const voucherId = await voucherWith({ perCustomerLimit: 2 });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(customerId, voucherId)));
    expect(codes(results)).toEqual(
      [...Array(2).fill('OK'), ...Array(6).fill('REDEMPTION_LIMIT_REACHED')].sort(),
    );
    expect(await issuedOf(voucherId)).toBe(2);
    expect(await balanceOf(customerId)).toBe(100_000 - 600);
  });

  it('never take a balance below zero', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const results = await Promise.all(Array.from({ length: 8 }, () => redeem(customerId, voucherId)));
    expect(codes(results)).toEqual([...Array(3).fill('OK'), ...Array(5).fill('INSUFFICIENT_POINTS')].sort());
    expect(await balanceOf(customerId)).toBe(100);
    expect(await issuedOf(voucherId)).toBe(3);
  });

  it('answer one redemption for the same externalId sent in parallel', async () => {
    const customerId = await customerWith(t, 1000);
    const voucherId = await voucherWith();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => redeem(customerId, voucherId, 'dup-req')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(results.map((r) => r.json().code)).size).toBe(1);
    expect(await balanceOf(customerId)).toBe(700);
  });

  it('never cancel twice in parallel', async () => {
    const customerId = await customerWith(t, 1000);
    const { redemptionId } = (await redeem(customerId, await voucherWith())).json();
    const results = await Promise.all(Array.from({ length: 4 }, () => cancel(redemptionId)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await balanceOf(customerId)).toBe(1000);
  });
});
