import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { postLedgerEntry, reverseEarning } from '../modules/loyalty/index.ts';

/** What the service desk typed, in the customer's language (it shows on the customer's statement). */
const GOODWILL = {
  en: ['Goodwill: card delivery delayed', 'Goodwill: branch visit complaint resolved'],
  ar: ['تعويض عن تأخر تسليم البطاقة', 'تعويض بعد حل شكوى في الفرع'],
};
const CHARGEBACK = {
  en: 'Chargeback: purchase disputed and refunded',
  ar: 'استرداد: عملية شراء متنازع عليها وتم ردها',
};

/**
 * Once: the service desk's corrections, through the same postings as its screens — a goodwill
 * adjustment for one active customer in twenty (in order of joining, newest first, as the customer
 * list opens), and for every other one of them a chargeback of its latest channel earning its
 * balance still holds. Posted now, after the history: the running balances stand as they are.
 */
export async function seedDemoCorrections(db: Db) {
  const [done] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from ledger_entries where kind in ('ADJUST', 'REVERSAL')`),
  );
  if (done?.n) return;
  const [staff] = rowsOf<{ id: number }>(await db.execute(sql`select id from users order by id limit 1`));
  const chosen = rowsOf<{ id: number; language: string; earning: number | string | null }>(
    await db.execute(sql`
      with picked as (
        select c.id, c.language, c.balance, row_number() over (order by c.joined_at desc, c.id desc) as n
          from customers c where c.status = 'ACTIVE'
      )
      select p.id, p.language, case when p.n % 40 = 1 then (
          select e.id from ledger_entries e
           where e.customer_id = p.id and e.kind = 'EARN' and e.external_id is not null
             and e.points <= p.balance
           order by e.occurred_at desc, e.id desc limit 1) end as earning
        from picked p where p.n % 20 = 1 order by p.n`),
  );
  for (const [i, { id, language, earning }] of chosen.entries()) {
    const lang = language === 'ar' ? 'ar' : 'en';
    await db.transaction(async (tx) => {
      if (earning !== null)
        await reverseEarning(tx, { entryId: Number(earning) }, staff?.id, CHARGEBACK[lang]);
      await postLedgerEntry(tx, {
        customerId: id,
        kind: 'ADJUST',
        points: 250 * (1 + (i % 4)),
        reference: 'adjustment',
        note: GOODWILL[lang][i % 2],
        actorId: staff?.id,
      });
    });
  }
}
