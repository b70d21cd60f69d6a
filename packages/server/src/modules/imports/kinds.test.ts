import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { runExpiry } from '../loyalty/index.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { approveAndRun, fileFaultOf, form, gateImportPosting, staged } from './testing.ts';

// The kinds besides transactions (issue 49): customers (the integration upsert) and opening
// balances (the migration), staged, validated per line, approved by a second person, posted by the job.

let t: TestApp;
let admin: { authorization: string };
let maker: { authorization: string };
let checker: { authorization: string };
let goldId: number;

const CUSTOMERS = 'customerNumber,fullName,fullNameAr,mobile,email,language,segment,kycLevel,products';
const OPENING = 'customerNumber,balance,lifetimePoints,tier,joinedAt,lots';
/** A date `days` from today (YYYY-MM-DD, UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const upload = async (kind: string, file: string | Uint8Array, fields: Record<string, string> = {}) =>
  staged(
    t,
    await t.inject({
      method: 'POST',
      url: '/api/admin/imports',
      as: maker,
      ...form(file, { kind, ...fields }),
    }),
    maker,
  );

/** Posts an import as the maker, approves it as the checker, runs the job: answers the import. */
const approveAndPost = (id: number) => approveAndRun(t, id, maker, checker);

const customer = async (n: string) =>
  (await t.app.db.select().from(customers).where(eq(customers.customerNumber, n)))[0];
/** A customer's balance, lifetime points and the ledger's sums (all, and of the lots). */
async function books(n: string) {
  const [row] = rowsOf<{ balance: number; lifetime: number; ledger: number; lots: number }>(
    await t.app.db.execute(sql`select c.balance, c.lifetime_points as lifetime,
        (select coalesce(sum(points), 0)::int from ledger_entries e where e.customer_id = c.id) as ledger,
        (select coalesce(sum(points) filter (where lot), 0)::int from ledger_entries e where e.customer_id = c.id) as lots
      from customers c where c.customer_number = ${n}`),
  );
  return row;
}

beforeAll(async () => {
  t = await buildTestApp();
});

beforeAll(async () => {
  admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 999);
  goldId = (await fx.tier('Gold', 1000, 1_000_000)).id;
  const pos = channel(t, await fx.apiKey(['customers'], 'POS'));
  for (const n of ['U1', 'O1', 'O2', 'O3', 'O4']) {
    expect(
      (await pos('PUT', `/customers/${n}`, { fullName: `Customer ${n}`, mobile: '+966511111111' }))
        .statusCode,
    ).toBe(201);
  }
  await gateImportPosting(t, admin);
  maker = await t.userWith(['import.create', 'import.post', 'import.read']);
  checker = await t.userWith(['import.read', 'approval.check']);
});

describe('a customers file', () => {
  it('creates and updates customers as the integration upsert, Arabic names included', async () => {
    const file = `\uFEFF${CUSTOMERS}\nK1,Khalid Saleh,خالد صالح,+966500000001,k1@example.com,ar,business,2,CREDIT_CARD payroll\nU1,Updated Name,,,,,,,\n`;
    const res = await upload('CUSTOMERS', file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'CUSTOMERS', status: 'VALIDATED', lines: 2, invalidLines: 0 });
    const preview = (
      await t.inject({ method: 'GET', url: `/api/admin/imports/${res.json().id}/preview`, as: maker })
    ).json();
    expect(preview.columns[0]).toBe('customerNumber');
    expect(preview.rows[0].values.slice(0, 3)).toEqual(['K1', 'Khalid Saleh', 'خالد صالح']);
    expect(await customer('K1')).toBeUndefined();

    const done = await approveAndPost(res.json().id);
    expect(done).toMatchObject({ status: 'DONE', progress: 100, posted: 2, refused: {} });
    expect(await customer('K1')).toMatchObject({
      fullName: 'Khalid Saleh',
      fullNameAr: 'خالد صالح',
      mobile: '+966500000001',
      email: 'k1@example.com',
      language: 'ar',
      segment: 'BUSINESS',
      kycLevel: 2,
      products: ['CREDIT_CARD', 'PAYROLL'],
    });
    // An empty cell leaves the field as it was.
    expect(await customer('U1')).toMatchObject({ fullName: 'Updated Name', mobile: '+966511111111' });
  });

  it('reads a Windows-1256 file', async () => {
    const file = iconv.encode(`customerNumber;fullName;fullNameAr\nW1;Waleed;وليد العتيبي\n`, 'windows-1256');
    const res = await upload('CUSTOMERS', file, { encoding: 'WINDOWS-1256' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'VALIDATED', lines: 1 });
    expect(await approveAndPost(res.json().id)).toMatchObject({ status: 'DONE', posted: 1 });
    expect((await customer('W1'))?.fullNameAr).toBe('وليد العتيبي');
  });

  it('refuses bad lines by number and reason, and a file without the required columns', async () => {
    const res = await upload(
      'CUSTOMERS',
      [
        CUSTOMERS,
        'B1,Good,,,,,,,',
        'B2,Bad Mobile,,12ab,,,,,',
        'B3,Bad Mail,,,not-an-email,,,,',
        'B1,Twice,,,,,,,',
        'B4,,,,,,,,',
        'B 5,Bad Number,,,,,,,',
        'B6,Bad Kyc,,,,,,9,',
        'B7,Bad Product,,,,,,,GOLD_BARS',
        'B8,Short',
      ].join('\n'),
    );
    expect(res.statusCode).toBe(201);
    const imp = res.json();
    expect(imp).toMatchObject({ status: 'INVALID', lines: 9, invalidLines: 8 });
    expect(imp.errors).toEqual([
      { line: 3, reason: 'badMobile', field: 'mobile' },
      { line: 4, reason: 'badEmail', field: 'email' },
      { line: 5, reason: 'duplicateCustomer', field: 'customerNumber' },
      { line: 6, reason: 'missingField', field: 'fullName' },
      { line: 7, reason: 'badCustomerNumber', field: 'customerNumber' },
      { line: 8, reason: 'badField', field: 'kycLevel' },
      { line: 9, reason: 'badField', field: 'products' },
      { line: 10, reason: 'raggedRow', field: null },
    ]);
    const errors = await t.inject({ method: 'GET', url: `/api/admin/imports/${imp.id}/errors`, as: maker });
    expect(errors.body).toContain('line,reason,field,customerNumber,fullName');
    expect(errors.body).toContain('3,badMobile,mobile,B2,Bad Mobile');
    const post = await t.inject({ method: 'POST', url: `/api/admin/imports/${imp.id}/post`, as: maker });
    expect(post.statusCode).toBe(409);

    const noName = await upload('CUSTOMERS', 'customerNumber,mobile\nX1,+966500000009\n');
    expect(fileFaultOf(noName.json()).message).toBe('imports.missingColumns');
  });
});

describe('an opening-balances file', () => {
  it('posts balance, lifetime points, tier, join date and lots that expire on their own dates', async () => {
    const soon = inDays(30);
    const later = inDays(400);
    const file = `${OPENING}\nO1,700,1500,gold,2020-05-01,500@${soon} 200@${later}\nO2,0,0,,,\n`;
    const res = await upload('OPENING_BALANCES', file);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'OPENING_BALANCES', status: 'VALIDATED', lines: 2 });
    const done = await approveAndPost(res.json().id);
    expect(done).toMatchObject({ status: 'DONE', posted: 2, points: 700, refused: {} });

    expect(await books('O1')).toEqual({ balance: 700, lifetime: 1500, ledger: 700, lots: 1500 });
    const o1 = await customer('O1');
    expect(o1?.tierId).toBe(goldId);
    expect(o1?.joinedAt.toISOString()).toBe('2020-05-01T00:00:00.000Z');
    expect(await books('O2')).toEqual({ balance: 0, lifetime: 0, ledger: 0, lots: 0 });
    const detail = (
      await t.inject({ method: 'GET', url: `/api/admin/customers/${o1?.id}`, as: admin })
    ).json();
    expect(detail.expiringPoints).toEqual({ points: 500, at: `${inDays(31)}T00:00:00.000Z` });

    // The expiry job takes the first lot at the end of its day, the second stays.
    await runExpiry(t.app.db, null, new Date(`${inDays(32)}T00:00:00Z`));
    expect(await books('O1')).toMatchObject({ balance: 200, ledger: 200, lifetime: 1500 });

    // A second file for the same customer is refused per line.
    const again = await upload('OPENING_BALANCES', `${OPENING}\nO1,10,10,,,10@${later}\n`);
    expect(again.json()).toMatchObject({ status: 'INVALID', invalidLines: 1 });
    expect(again.json().errors).toEqual([{ line: 2, reason: 'alreadyOpened', field: 'customerNumber' }]);
  });

  it('refuses bad lines by number and reason; with "post the valid lines" the rest posts once', async () => {
    const later = inDays(200);
    const res = await upload(
      'OPENING_BALANCES',
      [
        OPENING,
        `O3,100,100,Blue,2019-01-31,100@${later}`,
        `NOBODY,10,10,,,10@${later}`,
        `X4,100,100,,,60@${later}`,
        `X5,50,40,,,50@${later}`,
        `X6,10,10,Platinum,,10@${later}`,
        `X7,ten,10,,,10@${later}`,
        'X8,10,10,,,10@2020-01-01',
        `X9,10,10,,2020-02-30,10@${later}`,
        `O4,10,10,,,10@${later}`,
        `O3,10,10,,,10@${later}`,
      ].join('\n'),
      { postValid: 'true' },
    );
    expect(res.statusCode).toBe(201);
    const imp = res.json();
    expect(imp).toMatchObject({ status: 'VALIDATED', lines: 10, invalidLines: 8 });
    expect(imp.errors).toEqual([
      { line: 3, reason: 'unknownCustomer', field: 'customerNumber' },
      { line: 4, reason: 'lotsMismatch', field: 'lots' },
      { line: 5, reason: 'lifetimeBelowBalance', field: 'lifetimePoints' },
      { line: 6, reason: 'unknownTier', field: 'tier' },
      { line: 7, reason: 'badPoints', field: 'balance' },
      { line: 8, reason: 'badDate', field: 'lots' },
      { line: 9, reason: 'badDate', field: 'joinedAt' },
      { line: 11, reason: 'duplicateCustomer', field: 'customerNumber' },
    ]);
    const done = await approveAndPost(imp.id);
    expect(done).toMatchObject({ status: 'DONE', posted: 2, points: 110 });
    expect(await books('O3')).toEqual({ balance: 100, lifetime: 100, ledger: 100, lots: 100 });
    expect(await books('O4')).toEqual({ balance: 10, lifetime: 10, ledger: 10, lots: 10 });
  });
});
