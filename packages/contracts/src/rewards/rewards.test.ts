import { describe, expect, it } from 'vitest';
import { UploadBytes } from './images.ts';
import { rewardCategoryEditFields, rewardCategoryInput } from './rewardCategories.ts';
import { storeInput } from './stores.ts';
import { voucherInput } from './vouchers.ts';

const issues = (r: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
const imageId = '7b0a5a4e-1d7c-4c1b-9f0e-3d2f1c0b9a88';
const voucher = {
  name: 'Latte',
  description: 'Any size',
  imageId,
  storeId: 1,
  amount: 10,
  pointsRequired: 250,
  money: 4.5,
};

describe('category schemas', () => {
  it("say 'you must fill all input' on create and 'Please fill all fields.' on edit", () => {
    expect(issues(rewardCategoryInput.safeParse({ name: 'A' }))).toEqual([
      'description:mustFillAllInput',
      'imageId:mustFillAllInput',
    ]);
    expect(issues(rewardCategoryEditFields.safeParse({ name: '', description: 'B', imageId }))).toEqual([
      'name:fillAllFields',
    ]);
  });
});

describe('storeInput', () => {
  it("says 'Please fill all fields.' and needs a category", () => {
    expect(issues(storeInput.safeParse({ name: 'Shop', imageId: 'not-an-id' }))).toEqual([
      'imageId:fillAllFields',
      'categoryId:fillAllFields',
    ]);
  });
});

describe('voucherInput', () => {
  it('accepts a complete voucher with open validity, no limit and ACTIVE status by default', () => {
    expect(voucherInput.parse(voucher)).toMatchObject({
      validFrom: null,
      validUntil: null,
      perCustomerLimit: null,
      status: 'ACTIVE',
    });
  });

  it("says 'All Fields Required' for a missing field, 'Points Must be Number' for points that are not", () => {
    expect(issues(voucherInput.safeParse({ ...voucher, name: '', pointsRequired: null }))).toEqual([
      'name:allFieldsRequired',
      'pointsRequired:allFieldsRequired',
    ]);
    for (const pointsRequired of ['12', 'twelve', 1.5, Number.NaN]) {
      expect(issues(voucherInput.safeParse({ ...voucher, pointsRequired }))).toEqual([
        'pointsRequired:pointsMustBeNumber',
      ]);
    }
  });

  it('keeps money to cents and the validity in order', () => {
    expect(voucherInput.safeParse({ ...voucher, money: 4.555 }).success).toBe(false);
    for (const money of [4.55, 19.99, 0.1, 1234.07])
      expect(voucherInput.parse({ ...voucher, money }).money).toBe(money);
    expect(voucherInput.parse({ ...voucher, validFrom: '', validUntil: '2026-01-31' })).toMatchObject({
      validFrom: null,
      validUntil: '2026-01-31',
    });
    expect(
      issues(voucherInput.safeParse({ ...voucher, validFrom: '2026-02-01', validUntil: '2026-01-31' })),
    ).toEqual(['validUntil:validUntilBeforeValidFrom']);
  });
});

describe('UploadBytes', () => {
  it('serialises as its size, never its content', () => {
    expect(JSON.stringify({ content: new UploadBytes(new Uint8Array(1234)) })).toBe(
      '{"content":{"bytes":1234}}',
    );
  });
});
