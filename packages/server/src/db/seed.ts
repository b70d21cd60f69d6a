import { commandLabel, permissionCatalogue, SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
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
import { seedDemoWebhooks } from './demo/webhooks.ts';
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
          `First start without ADMIN_PASSWORD would create the administrator with the documented demo password, which is refused ${whyExposed(config.env, config.host, config.trustProxy)}. Set ADMIN_PASSWORD (at least 12 characters), or run the demo on a loopback HOST outside production.`,
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
  await refuseDemoPasswords(db, config);
}

/**
 * Every start: an account whose password is still the documented demo one is refused on an
 * exposed server (production, HOST not loopback, or TRUST_PROXY) and otherwise must change it at
 * the next sign-in. Checked: every account whose password must still change (the demo
 * administrator of a data folder started later with another ADMIN_USERNAME, issue 48 finding 1),
 * and the accounts named ADMIN_USERNAME and `admin` (databases made before the forced change).
 * One argon2 verification per such account.
 */
async function refuseDemoPasswords(db: Db, config: Config) {
  const candidates = await db
    .select({
      id: users.id,
      username: users.username,
      hash: users.passwordHash,
      mustChange: users.mustChangePassword,
    })
    .from(users)
    .where(
      or(
        eq(users.mustChangePassword, true),
        sql`lower(${users.username}) in (lower(${config.admin.username}), lower(${DEMO_ADMIN.username}))`,
      ),
    );
  const checked = await Promise.all(
    candidates.map(async (u) => ((await verifyPassword(u.hash, DEMO_ADMIN.password)) ? [u] : [])),
  );
  const demo = checked.flat();
  if (demo.length === 0) return;
  if (config.exposed) {
    const names = demo.map((u) => u.username).join(', ');
    throw new FirstStartError(
      `The ${demo.length === 1 ? `account ${names} still has` : `accounts ${names} still have`} the documented demo password, which is refused ${whyExposed(config.env, config.host, config.trustProxy)}. Start the server on a loopback HOST outside production (without TRUST_PROXY) once, sign in and change the password.`,
    );
  }
  const unflagged = demo.filter((u) => !u.mustChange).map((u) => u.id);
  if (unflagged.length) {
    await db
      .update(users)
      .set({ mustChangePassword: true, mustChangeReason: 'FIRST_SIGN_IN' })
      .where(inArray(users.id, unflagged));
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
  // Once, last (the demo's postings raise no events): a paused webhook endpoint.
  await seedDemoWebhooks(db);
}
