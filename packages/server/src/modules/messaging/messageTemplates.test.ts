import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const template = (extra: object = {}) => ({
  name: 'Points balance',
  bodyEn: 'Dear {{customer.name}}, your balance is {{customer.balance}} points.',
  bodyAr: 'عزيزي {{ customer.name }}، رصيدك {{customer.balance}} نقطة.',
  additionalInfo: 'For balance questions',
  status: 'ACTIVE',
  ...extra,
});
const post = (payload: object) =>
  t.inject({ method: 'POST', url: '/api/admin/message-templates', payload, as: admin });

describe('message templates', () => {
  it('keep a bilingual body with the documented placeholders, and their create and update times', async () => {
    const created = await post(template());
    expect(created.statusCode).toBe(201);
    const { id, createdAt } = created.json();
    const edited = await t.inject({
      method: 'PUT',
      url: `/api/admin/message-templates/${id}`,
      payload: template({
        bodyEn: 'Hello {{customer.name}}, {{points.expiring}} points expire on {{points.expiringAt}}.',
      }),
      as: admin,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().createdAt).toBe(createdAt);
    expect(edited.json().updatedAt >= createdAt).toBe(true);
    const list = await t.inject({ method: 'GET', url: '/api/admin/message-templates?q=expire', as: admin });
    expect(list.json().total).toBe(1);
  });

  it('refuses an unknown placeholder in either language, naming the field', async () => {
    const en = await post(template({ name: 'Bad EN', bodyEn: 'Hi {{customer.nickname}}' }));
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual([{ path: 'bodyEn', message: 'unknownPlaceholder' }]);
    const ar = await post(template({ name: 'Bad AR', bodyAr: 'مرحبا {{ }}' }));
    expect(ar.json().errors).toEqual([{ path: 'bodyAr', message: 'unknownPlaceholder' }]);
  });
});
