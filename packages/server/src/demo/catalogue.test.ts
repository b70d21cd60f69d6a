import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { seedDemoCatalogue } from './catalogue.ts';

let t: TestApp;
let admin: { authorization: string };
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signIn();
});

const total = async (url: string) =>
  (await t.inject({ method: 'GET', url: `/api/admin${url}?pageSize=1`, as: admin })).json().total;

describe('seedDemoCatalogue', () => {
  it('seeds categories, stores and vouchers with real images, once', async () => {
    await seedDemoCatalogue(t.app.db);
    expect(await total('/reward-categories')).toBe(5);
    expect(await total('/stores')).toBe(11);
    const vouchers = await total('/vouchers');
    expect(vouchers).toBeGreaterThanOrEqual(18);

    const page = (
      await t.inject({ method: 'GET', url: '/api/admin/vouchers?pageSize=100', as: admin })
    ).json();
    const image = await t.inject({ method: 'GET', url: `/api/admin/images/${page.items[0].imageId}` });
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 480,
      height: 320,
    });

    await seedDemoCatalogue(t.app.db);
    expect(await total('/vouchers')).toBe(vouchers);
  });
});
