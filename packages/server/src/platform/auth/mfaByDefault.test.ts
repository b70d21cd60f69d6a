import { SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, scaRules, users } from '../../db/schema/index.ts';
import { ADMIN, buildTestApp, type TestApp, USER_PASSWORD } from '../../test/app.ts';
import { hashPassword } from './passwords.ts';
import { totpCode } from './totp.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const post = (url: string, payload: object, as: { authorization: string }) =>
  t.inject({ method: 'POST', url: `/api/admin/auth${url}`, payload, as });
const signInRule = async () =>
  (
    await t.app.db
      .select()
      .from(scaRules)
      .where(and(eq(scaRules.operation, 'SIGN_IN'), eq(scaRules.userType, 'EMPLOYEE')))
  )[0];
async function enrol(as: { authorization: string }, password: string) {
  const { secret } = (await post('/second-factor', {}, as)).json();
  expect((await post('/second-factor/confirm', { code: totpCode(secret), password }, as)).statusCode).toBe(
    200,
  );
}

describe('sign-in second factor on by default (security finding 8)', () => {
  it('stays off when someone other than an administrator enrols', async () => {
    await enrol(await t.userWith(['tier.read']), USER_PASSWORD);
    expect((await signInRule())?.status).toBe('DISABLED');
  });

  it('turns on, audited, once the first administrator enrols; sign-in then asks for a code', async () => {
    await enrol(await t.signIn(), ADMIN.password);
    expect((await signInRule())?.status).toBe('ACTIVE');
    const [entry] = await t.app.db.select().from(auditLog).where(sql`${auditLog.detail} like 'automatic:%'`);
    expect(entry).toMatchObject({
      command: 'scaRule.update',
      outcome: 'SUCCESS',
      actorUsername: ADMIN.username,
    });
    const login = await t.inject({ method: 'POST', url: '/api/admin/auth/login', payload: ADMIN });
    expect(login.json()).toMatchObject({ next: 'TOTP' });
    expect(login.json()).not.toHaveProperty('accessToken');
  });

  it('leaves a rule staff have set alone', async () => {
    await t.app.db
      .update(scaRules)
      .set({ status: 'DISABLED', updatedAt: sql`now() + interval '1 second'` })
      .where(eq(scaRules.operation, 'SIGN_IN'));
    const [superAdmin] = await t.app.db.select().from(roles).where(eq(roles.code, SUPER_ADMIN_ROLE));
    await t.app.db.insert(users).values({
      username: 'second_admin',
      fullName: 'Second Administrator',
      passwordHash: await hashPassword('Second#Admin-Password-1'),
      roleId: superAdmin?.id as number,
    });
    await enrol(await t.signIn('second_admin', 'Second#Admin-Password-1'), 'Second#Admin-Password-1');
    expect((await signInRule())?.status).toBe('DISABLED');
  });
});
