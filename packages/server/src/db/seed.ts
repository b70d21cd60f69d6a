import { permissionCatalogue, SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import { seedDemoCatalogue } from '../modules/rewards/demo.ts';
import { hashPassword } from '../platform/auth/passwords.ts';
import type { Db } from './client.ts';
import { seedDemoProgramme } from './demo/index.ts';
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
          description: p.summary,
        })),
      )
      .onConflictDoUpdate({
        target: permissions.code,
        set: { area: sql`excluded.area`, kind: sql`excluded.kind` },
      });

    await tx
      .insert(roles)
      .values({
        code: SUPER_ADMIN_ROLE,
        name: 'Super administrator',
        description: 'Every permission of the system',
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
      password = demoPassword;
    }
    await tx.insert(users).values({
      username: config.admin.username,
      fullName: 'System Administrator',
      passwordHash: await hashPassword(password),
      roleId,
    });
  });
}

/** The embedded demo's programme: a believable tier ladder, added once to an empty database. */
export async function seedDemo(db: Db) {
  const [existing] = await db.select({ n: count() }).from(tiers);
  if ((existing?.n ?? 0) > 0) return;
  await db.insert(tiers).values([
    { name: 'Classic', description: 'Every member starts here', minPoints: 0, maxPoints: 4_999 },
    { name: 'Silver', description: 'Bonus offers and priority service', minPoints: 5_000, maxPoints: 19_999 },
    { name: 'Gold', description: 'Lounge access and higher earning', minPoints: 20_000, maxPoints: 49_999 },
    {
      name: 'Platinum',
      description: 'Relationship manager and the best rewards',
      minPoints: 50_000,
      maxPoints: 999_999_999,
    },
  ]);
  await seedDemoProgramme(db);
  await seedDemoCatalogue(db);
}
