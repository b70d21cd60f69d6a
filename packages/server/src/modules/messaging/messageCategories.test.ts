import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const category = (extra: object = {}) => ({
  nameEn: 'Points and balance',
  nameAr: 'النقاط والرصيد',
  description: 'Questions about earning and balances',
  responseTargetHours: 24,
  defaultAssigneeRoleId: null,
  status: 'ACTIVE',
  ...extra,
});
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = admin) =>
  t.inject({ method, url: `/api/admin${url}`, ...(payload ? { payload } : {}), as });
const get = (url: string, as = admin) => t.inject({ method: 'GET', url: `/api/admin${url}`, as });

describe('message categories', () => {
  it('are created in both languages with a response target, listed, edited and deleted', async () => {
    const created = await send('POST', '/message-categories', category());
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect(created.json()).toMatchObject({ nameAr: 'النقاط والرصيد', defaultAssigneeRoleName: null });

    const roles = (await get('/roles?q=SUPER')).json().items;
    const edited = await send(
      'PUT',
      `/message-categories/${id}`,
      category({ responseTargetHours: 8, defaultAssigneeRoleId: roles[0].id }),
    );
    expect(edited.json()).toMatchObject({ responseTargetHours: 8, defaultAssigneeRoleName: roles[0].name });

    const list = await get(
      '/message-categories?q=%D8%A7%D9%84%D9%86%D9%82%D8%A7%D8%B7&sort=responseTargetHours:asc',
    );
    expect(list.json().items.map((c: { id: number }) => c.id)).toEqual([id]);

    expect((await send('DELETE', `/message-categories/${id}`)).statusCode).toBe(204);
    expect((await get(`/message-categories/${id}`)).statusCode).toBe(404);
    const audit = (await get(`/admin-logs?targetType=messageCategory&targetId=${id}`)).json().items;
    expect(audit.map((e: { command: string }) => e.command).sort()).toEqual([
      'messageCategory.create',
      'messageCategory.delete',
      'messageCategory.update',
    ]);
  });

  it('refuses a missing Arabic name, an unknown role, an out-of-range target and a duplicate', async () => {
    const missing = await send('POST', '/message-categories', category({ nameAr: ' ' }));
    expect(missing.json().errors).toEqual([{ path: 'nameAr', message: 'fillAllFields' }]);
    const role = await send('POST', '/message-categories', category({ defaultAssigneeRoleId: 99_999 }));
    expect(role.json().errors).toEqual([{ path: 'defaultAssigneeRoleId', message: 'unknownRole' }]);
    const target = await send('POST', '/message-categories', category({ responseTargetHours: 0 }));
    expect(target.json().errors[0].path).toBe('responseTargetHours');
    expect((await send('POST', '/message-categories', category({ nameEn: 'Vouchers' }))).statusCode).toBe(
      201,
    );
    const twice = await send('POST', '/message-categories', category({ nameEn: 'VOUCHERS' }));
    expect(twice.statusCode).toBe(409);
  });

  it('needs the messaging permissions', async () => {
    const reader = await t.userWith(['messageCategory.read']);
    expect((await get('/message-categories', reader)).statusCode).toBe(200);
    expect(
      (await send('POST', '/message-categories', category({ nameEn: 'Other' }), reader)).statusCode,
    ).toBe(403);
  });
});
