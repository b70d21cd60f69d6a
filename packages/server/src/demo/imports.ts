import { UploadBytes } from '@loyalty/contracts';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { fileLayouts } from '../db/schema/index.ts';
import { coreBankingFile, coreBankingLayout, stageFile } from '../modules/imports/index.ts';

const DAY = 86_400_000;

/**
 * Once: last night's settlement file from the card processor, uploaded by the administrator and
 * waiting for a second person to post it. Two of its lines are refused as a real file's would be
 * (a card number the programme does not know, a date the processor wrote wrong); the rest post
 * once approved, since the file is marked to post its valid lines.
 */
export async function seedDemoImports(db: Db) {
  const [done] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from imports`));
  if (done?.n) return;
  const [admin] = rowsOf<{ id: number; username: string }>(
    await db.execute(sql`select id, username from users order by id limit 1`),
  );
  const buyers = rowsOf<{ n: string }>(
    await db.execute(sql`select customer_number as n from customers where status = 'ACTIVE'
      order by joined_at desc, id desc limit 38`),
  );
  if (!admin || !buyers.length) return;
  const night = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
  const day = night.toISOString().slice(0, 10);
  const lines = buyers.map((b, i) => {
    const at = new Date(night.getTime() + (8 * 60 + i * 23) * 60_000).toISOString();
    const amount = (((i * 7919) % 48_000) / 100 + 12.5).toFixed(2);
    return [
      `POS-${day.replaceAll('-', '')}-${String(1041 + i).padStart(6, '0')}`,
      b.n,
      'CARD_SPEND',
      amount,
      at,
    ];
  });
  lines.splice(11, 0, [
    `POS-${day.replaceAll('-', '')}-009911`,
    '4000000099',
    'CARD_SPEND',
    '85.00',
    `${day}T10:14:00Z`,
  ]);
  lines.splice(27, 0, [
    `POS-${day.replaceAll('-', '')}-009912`,
    buyers[0]?.n ?? '',
    'CARD_SPEND',
    '230.40',
    `${day}T25:61:00Z`,
  ]);
  const csv = [
    'externalId,customerNumber,transactionTypeCode,amount,occurredAt',
    ...lines.map((l) => l.join(',')),
  ];
  await db.transaction((tx) =>
    stageFile(
      tx,
      {
        kind: 'TRANSACTIONS',
        encoding: 'UTF-8',
        channel: 'POS',
        postValid: true,
        fileName: `pos-settlement-${day}.csv`,
        content: new UploadBytes(new TextEncoder().encode(`${csv.join('\r\n')}\r\n`)),
      },
      { userId: admin.id, username: admin.username },
    ),
  );
}

/**
 * Once: the core banking system's end-of-day file layout (fixed width: header, details, trailer;
 * Windows-1256), its columns mapped to the transaction fields, and last night's file read by it —
 * its trailer's count and total reconciled — waiting for a second person to post it.
 */
export async function seedDemoFileLayouts(db: Db) {
  const [done] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from file_layouts`));
  if (done?.n) return;
  const { fixedWidth, mapping, ...layout } = coreBankingLayout;
  const [row] = await db
    .insert(fileLayouts)
    .values({ ...layout, delimiter: null, fixedWidth: fixedWidth ?? null, mapping: mapping ?? {} })
    .returning({ id: fileLayouts.id });
  const [admin] = rowsOf<{ id: number; username: string }>(
    await db.execute(sql`select id, username from users order by id limit 1`),
  );
  const branch = rowsOf<{ n: string }>(
    await db.execute(sql`select customer_number as n from customers where status = 'ACTIVE'
      order by id limit 12`),
  );
  if (!row || !admin || !branch.length) return;
  const night = new Date(Math.floor(Date.now() / DAY) * DAY - DAY);
  const ymd = night.toISOString().slice(0, 10).replaceAll('-', '');
  const file = coreBankingFile(
    ymd,
    branch.map((b, i) => ({
      ref: `CBS${ymd}${String(501 + i).padStart(4, '0')}`,
      cif: b.n,
      code: 'CARD_SPEND',
      halalas: 2_500 + ((i * 48_271) % 120_000),
      time: `${ymd}${String(9 + (i % 9)).padStart(2, '0')}${String((i * 7) % 60).padStart(2, '0')}00`,
    })),
  );
  await db.transaction((tx) =>
    stageFile(
      tx,
      {
        kind: 'TRANSACTIONS',
        encoding: 'WINDOWS-1256',
        channel: 'BRANCH',
        postValid: false,
        layoutId: row.id,
        fileName: `cbs-eod-${ymd}.dat`,
        content: new UploadBytes(new TextEncoder().encode(file)),
      },
      { userId: admin.id, username: admin.username },
    ),
  );
}
