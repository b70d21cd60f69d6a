import { asc, count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reportSchedules, users } from '../db/schema/index.ts';
import { nextBoundary } from '../modules/reports/index.ts';

/** Reports the programme's managers receive by e-mail; titles as staff would type them. */
const schedules = [
  { title: 'Points liability — finance, monthly', report: 'liability', frequency: 'MONTHLY', format: 'xlsx' },
  { title: 'تقرير مكتب الخدمة الأسبوعي', report: 'serviceDesk', frequency: 'WEEKLY', format: 'csv' },
  { title: 'Daily earning and redemption activity', report: 'activity', frequency: 'DAILY', format: 'csv' },
  { title: 'توقعات انتهاء النقاط الشهرية', report: 'expiryForecast', frequency: 'MONTHLY', format: 'xlsx' },
] as const;

/** Once: scheduled reports, e-mailed to the administrator. */
export async function seedDemoReports(db: Db) {
  const [existing] = await db.select({ n: count() }).from(reportSchedules);
  if (existing?.n) return;
  const [admin] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  if (!admin) return;
  await db.insert(reportSchedules).values(
    schedules.map((s) => ({
      ...s,
      recipientIds: [admin.id],
      createdById: admin.id,
      nextRunAt: nextBoundary(s.frequency),
    })),
  );
}
