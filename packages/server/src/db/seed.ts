import { commandLabel, permissionCatalogue, SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { type Config, DEFAULT_ADMIN_NAME, DEMO_ADMIN, whyExposed } from '../config.ts';
import { hashPassword, verifyPassword } from '../platform/auth/passwords.ts';
import { arabicUnlessTranslated } from '../platform/bilingual.ts';
import type { Db } from './client.ts';
import { permissions, rolePermissions, roles, users } from './schema/index.ts';

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
    if ((existing?.n ?? 0) > 0) {
      // An administrator made before the Arabic name existed (issue 54) takes ADMIN_NAME_AR.
      await tx
        .update(users)
        .set({ fullNameAr: config.admin.nameAr })
        .where(and(eq(users.fullName, DEFAULT_ADMIN_NAME), eq(users.fullNameAr, '')));
      return;
    }
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
      fullName: DEFAULT_ADMIN_NAME,
      fullNameAr: config.admin.nameAr,
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
