import type { ConfigItem } from '@loyalty/contracts';
import { eq } from 'drizzle-orm';
import { configItems } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/app.ts';

type As = { authorization: string };

/** Test helpers for configuration items, through the staff API as staff would. */
export function configItemFixtures(t: TestApp, as: As) {
  const itemByKey = async (key: string): Promise<ConfigItem> => {
    const [row] = await t.app.db.select().from(configItems).where(eq(configItems.key, key));
    const res = await t.inject({ method: 'GET', url: `/api/admin/config-items/${row?.id}`, as });
    if (res.statusCode >= 300) throw new Error(`${key}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  /** A new value for the item, its descriptions and validation kept: the PUT's answer. */
  const setValue = (key: string, value: unknown) =>
    itemByKey(key).then((i) =>
      t.inject({
        method: 'PUT',
        url: `/api/admin/config-items/${i.id}`,
        as,
        payload: {
          value,
          descriptionEn: i.descriptionEn,
          descriptionAr: i.descriptionAr,
          validation: i.validation,
        },
      }),
    );
  return { itemByKey, setValue };
}
