import { commandLabel, permissionCatalogue, SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { count, eq, sql } from 'drizzle-orm';
import { type Config, DEMO_ADMIN, whyExposed } from '../config.ts';
import { hashPassword, verifyPassword } from '../platform/auth/passwords.ts';
import { arabicUnlessTranslated } from '../platform/bilingual.ts';
import type { Db } from './client.ts';
import { seedDemoAlerts } from './demo/alerts.ts';
import { seedDemoAnalytics } from './demo/analytics.ts';
import { seedDemoCampaigns } from './demo/campaigns.ts';
import { seedDemoCatalogue } from './demo/catalogue.ts';
import { seedDemoConfiguration } from './demo/configuration.ts';
import { seedDemoContent } from './demo/content.ts';
import { seedDemoCorrections } from './demo/corrections.ts';
import { replayDemoExpiry } from './demo/expiry.ts';
import { seedDemoProgramme } from './demo/index.ts';
import { seedDemoMessaging } from './demo/messaging.ts';
import { seedDemoRedemptions } from './demo/redemptions.ts';
import { seedDemoReports } from './demo/reports.ts';
import { permissions, rolePermissions, roles, tiers, users } from './schema/index.ts';

export class FirstStartError extends Error {}

/**
 * Every start: the permission catalogue follows the command registry (new codes are added,
 * names staff edited are kept) and SUPER_ADMIN holds every permission. First start: the admin.
 */
export async function ensureBaseline(db: Db, config: Config, demoPassword: string) {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(
        permissionCatalogue.map((p) => ({
          code: p.code,
          area: p.area,
          kind: p.kind,
          name: p.summary,
          nameAr: commandLabel(p.code, 'ar'),
          description: p.summary,
          descriptionAr: commandLabel(p.code, 'ar'),
        })),
      )
      .onConflictDoUpdate({
        target: permissions.code,
        // Arabic still untranslated (empty or the English copy) takes the catalogue's; names staff
        // edited are kept.
        set: {
          area: sql`excluded.area`,
          kind: sql`excluded.kind`,
          nameAr: arabicUnlessTranslated(permissions.name, permissions.nameAr),
          descriptionAr: arabicUnlessTranslated(permissions.description, permissions.descriptionAr),
        },
      });

    await tx
      .insert(roles)
      .values({
        code: SUPER_ADMIN_ROLE,
        name: 'Super administrator',
        nameAr: 'المشرف العام',
        description: 'Every permission of the system',
        descriptionAr: 'جميع صلاحيات النظام',
      })
      .onConflictDoNothing();
    const [superAdmin] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(roles.code, SUPER_ADMIN_ROLE));
    const roleId = (superAdmin as { id: number }).id;
    await tx
      .insert(rolePermissions)
      .values(permissionCatalogue.map((p) => ({ roleId, permissionCode: p.code })))
      .onConflictDoNothing();

    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return;
    let password = config.admin.password;
    if (!password) {
      if (config.database.kind === 'postgres') {
        throw new FirstStartError(
          'First start on PostgreSQL needs ADMIN_PASSWORD (at least 12 characters) to create the administrator.',
        );
      }
      if (config.exposed) {
        throw new FirstStartError(
          `First start without ADMIN_PASSWORD would create the administrator with the documented demo password, which is refused ${whyExposed(config.env, config.host)}. Set ADMIN_PASSWORD (at least 12 characters), or run the demo on a loopback HOST outside production.`,
        );
      }
      password = demoPassword;
    }
    // A documented password is nobody's secret: it must be changed at the first sign-in.
    const documented = !config.admin.password || password === DEMO_ADMIN.password;
    await tx.insert(users).values({
      username: config.admin.username,
      fullName: 'System Administrator',
      passwordHash: await hashPassword(password),
      roleId,
      ...(documented ? { mustChangePassword: true, mustChangeReason: 'FIRST_SIGN_IN' as const } : {}),
    });
  });
  await refuseDemoPassword(db, config);
}

/**
 * Every start: an administrator whose password is still the documented demo one is refused on an
 * exposed server (production, or HOST not loopback) and otherwise must change it at the next
 * sign-in (a database made before that rule). One argon2 verification.
 */
async function refuseDemoPassword(db: Db, config: Config) {
  const [admin] = await db
    .select({ id: users.id, hash: users.passwordHash, mustChange: users.mustChangePassword })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${config.admin.username})`);
  if (!admin || !(await verifyPassword(admin.hash, DEMO_ADMIN.password))) return;
  if (config.exposed) {
    throw new FirstStartError(
      `The administrator ${config.admin.username} still has the documented demo password, which is refused ${whyExposed(config.env, config.host)}. Start the server on a loopback HOST outside production once, sign in and change the password.`,
    );
  }
  if (!admin.mustChange) {
    await db
      .update(users)
      .set({ mustChangePassword: true, mustChangeReason: 'FIRST_SIGN_IN' })
      .where(eq(users.id, admin.id));
  }
}

/** The embedded demo: the programme, its customers and catalogue, and the service desk, each added once. */
export async function seedDemo(db: Db) {
  const [existing] = await db.select({ n: count() }).from(tiers);
  if (!existing?.n) {
    await seedDemoProgramme(db);
    await seedDemoCatalogue(db);
    await seedDemoRedemptions(db);
    await replayDemoExpiry(db);
  }
  // Once, also into a demo folder made before the service desk existed.
  await seedDemoMessaging(db);
  // Once, also into a demo folder made before the application content existed.
  await seedDemoContent(db);
  // Once: the first churn model, trained by its job after start-up.
  await seedDemoAnalytics(db);
  // Once: alert categories, groups, alerts and their delivery history.
  await seedDemoAlerts(db);
  // Once: service definitions and per-channel feature switches.
  await seedDemoConfiguration(db);
  // Once: campaigns, the live one with earnings through the engine.
  await seedDemoCampaigns(db);
  // Once: scheduled reports e-mailed to the administrator.
  await seedDemoReports(db);
  // Once: the service desk's goodwill adjustments and chargebacks, the newest postings.
  await seedDemoCorrections(db);
}
