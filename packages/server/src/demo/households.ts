import { count, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.ts';
import { householdMembers, households } from '../db/schema/index.ts';
import { transferPoints } from '../modules/households/index.ts';

const DAY = 86_400_000;

/** How many families, and the most members each (the head included; the tunable's default is 6). */
const FAMILIES = 3;
const MEMBERS = 4;

/**
 * Demo households (decisions/households.md), once: the demo's three largest families — active
 * customers sharing a family name — each headed by its member with the most points. Every member
 * but the newest has consented in the mobile app (the newest waits, as a member just added does),
 * and in the first two families one member has sent points to the head through the one transfer
 * path (two ledger entries, the expiry policy), so customer info shows members, consent and
 * transfers. No name: the screens show "Household of <head>" in the reader's language.
 */
export async function seedDemoHouseholds(db: Db) {
  const [existing] = await db.select({ n: count() }).from(households);
  if (existing?.n) return;
  const rows = rowsOf<{ family: string; id: string | number; customer_number: string; balance: number }>(
    await db.execute(sql`
      with named as (
        select c.id, c.customer_number, c.balance, c.full_name,
          regexp_replace(c.full_name, '^\\S+\\s+', '') as family
        from customers c where c.status = 'ACTIVE' and c.full_name ~ '\\s'
      ), families as (
        select family from named group by family having count(distinct full_name) >= 3
        order by count(distinct full_name) desc, family limit ${FAMILIES}
      )
      select n.family, n.id, n.customer_number, n.balance
      from families f cross join lateral (
        -- One customer per full name: no two members of a family named alike.
        select * from (select distinct on (n.full_name) * from named n where n.family = f.family
          order by n.full_name, n.balance desc, n.id) n
        order by n.balance desc, n.id limit ${MEMBERS}
      ) n
      order by n.family, n.balance desc, n.id`),
  );
  const families = new Map<string, typeof rows>();
  for (const r of rows) families.set(r.family, [...(families.get(r.family) ?? []), r]);
  let sent = 0;
  for (const members of families.values()) {
    const [head, ...others] = members;
    if (!head) continue;
    await db.transaction(async (tx) => {
      const [household] = await tx
        .insert(households)
        .values({ name: '', headCustomerId: Number(head.id), createdBy: 'admin' })
        .returning({ id: households.id });
      if (!household) return;
      const joined = Date.now() - 40 * DAY;
      await tx.insert(householdMembers).values(
        members.map((m, i) => ({
          householdId: household.id,
          customerId: Number(m.id),
          role: m === head ? ('HEAD' as const) : ('MEMBER' as const),
          addedAt: new Date(joined + i * DAY),
          // The last one added has not consented yet.
          ...(i < members.length - 1
            ? { consentedAt: new Date(joined + i * DAY + 3_600_000), consentChannel: 'MOBILE_APP' }
            : {}),
        })),
      );
      const sender = others[0];
      if (sent < 2 && sender && sender.balance >= 200) {
        // A quarter of the sender's points, in hundreds; the expiry policy may hold some back.
        const points = Math.max(100, Math.floor(sender.balance / 400) * 100);
        await transferPoints(tx, {
          from: sender.customer_number,
          to: head.customer_number,
          points,
          createdBy: 'admin',
        }).then(
          () => {
            sent += 1;
          },
          // Refused by a guard (points expiring soon are held back) before anything is written:
          // that household stays without a transfer.
          () => undefined,
        );
      }
    });
  }
}
