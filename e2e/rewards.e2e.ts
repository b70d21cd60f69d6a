import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import rewardsAr from '../packages/web/src/features/rewards/locales/ar.json' with { type: 'json' };
import rewardsEn from '../packages/web/src/features/rewards/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...rewardsEn }, ar: { ...ar, ...rewardsAr } } as const;
const browser = useBrowser();

/** Pictures to upload, made for the run. */
const dir = mkdtempSync(path.join(tmpdir(), 'rewards-e2e-'));
const picture = path.join(dir, 'picture.png');
const script = path.join(dir, 'logo.svg');
beforeAll(async () => {
  writeFileSync(
    picture,
    await sharp({ create: { width: 60, height: 40, channels: 3, background: '#2a7' } })
      .png()
      .toBuffer(),
  );
  writeFileSync(script, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
});

const submit = (page: Page) => page.locator('button[type="submit"]').click();
const row = (page: Page, table: string, name: string) =>
  page.getByTestId(`${table}-table`).locator('tr', { hasText: name });

/** Uploads the picture into the form's image field and waits for its preview. */
async function upload(page: Page, file = picture) {
  await page.locator('input[type="file"]').setInputFiles(file);
  if (file === picture) await page.locator('.ant-form img[src^="/api/admin/images/"]').waitFor();
}

async function choose(page: Page, field: string, option: string) {
  await page.locator(field).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
}

async function confirmDelete(page: Page, table: string, name: string, t: (typeof texts)['en']) {
  await row(page, table, name).getByRole('button', { name: t.common.delete }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(t.msg.rewardDeleteConfirm).waitFor();
  await dialog.getByRole('button', { name: t.msg.confirmYes }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the voucher list searched for this name, in the page's language. */
async function searchVouchers(page: Page, name: string) {
  const lang = new URL(page.url()).searchParams.get('lang') ?? 'en';
  await page.goto(`/dashboard/rewards/vocher?lang=${lang}&q=${encodeURIComponent(name)}`);
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const tag = lang === 'en' ? 'EN' : 'عربي';
  const category = `Dining ${tag}`;
  const store = `Cafe ${tag}`;
  const voucher = `Latte ${tag}`;

  describe(`rewards in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('creates a category with an image, after the spec messages for missing input', async () => {
      await page.goto(`/dashboard/create-category?lang=${lang}`);
      await page.locator('#reward-categories_name').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await submit(page);
      await toast(page, t.msg.mustFillAllInput);

      await upload(page, script);
      await toast(page, t.image.uploadFailed);

      await page.locator('#reward-categories_name').fill(category);
      await page.locator('#reward-categories_description').fill('Restaurants and cafés');
      await upload(page);
      await submit(page);
      await toast(page, t.msg.categoryCreated);
      await page.waitForURL(/\/dashboard\/rewards\/category\?/);
      await row(page, 'reward-categories', category).locator('img').waitFor();
    });

    it('refuses a duplicate category, and edits one with the edit messages', async () => {
      await page.goto(`/dashboard/create-category?lang=${lang}`);
      await page.locator('#reward-categories_name').fill(category);
      await page.locator('#reward-categories_description').fill('Again');
      await upload(page);
      await submit(page);
      await toast(page, t.msg.categoryCreateFailed);

      await page.goto(`/dashboard/rewards/category?lang=${lang}`);
      await row(page, 'reward-categories', category).getByRole('button', { name: t.common.edit }).click();
      await page.waitForURL(/\/dashboard\/edit-category\/\d+/);
      await page.locator('#reward-categories_name').waitFor();
      await submit(page);
      await toast(page, t.msg.noChangesDetected);
      await page.locator('#reward-categories_description').fill('');
      await submit(page);
      await toast(page, t.msg.fillAllFields);
      await page.locator('#reward-categories_description').fill('Restaurants, cafés and bakeries');
      await submit(page);
      await toast(page, t.msg.categoryUpdated);
    });

    it('creates a store in the category', async () => {
      await page.goto(`/dashboard/rewards/create-store?lang=${lang}`);
      await page.locator('#stores_name').waitFor();
      await submit(page);
      await toast(page, t.msg.fillAllFields);
      await page.locator('#stores_name').fill(store);
      await choose(page, '#stores_categoryId', category);
      await upload(page);
      await submit(page);
      await toast(page, t.msg.storeCreated);
      await row(page, 'stores', store).getByText(category).waitFor();
    });

    it('creates a voucher after its spec messages, and edits it', async () => {
      await page.goto(`/dashboard/rewards/create-Vocher?lang=${lang}`);
      await page.locator('#vouchers_name').waitFor();
      await submit(page);
      await toast(page, t.msg.allFieldsRequired);

      await page.locator('#vouchers_name').fill(voucher);
      await page.locator('#vouchers_description').fill('Any size, any milk');
      await choose(page, '#vouchers_storeId', store);
      await upload(page);
      await page.locator('#vouchers_amount').fill('50');
      await page.locator('#vouchers_pointsRequired').fill('12.5');
      await page.locator('#vouchers_money').fill('4.5');
      await submit(page);
      await toast(page, t.msg.pointsMustBeNumber);
      await page.locator('#vouchers_pointsRequired').fill('400');
      await submit(page);
      await toast(page, t.msg.voucherCreated);
      await page.waitForURL(/\/dashboard\/rewards\/vocher\?/);
      // The demo catalogue fills the first pages: find the new voucher by searching for it.
      await searchVouchers(page, voucher);
      expect(await row(page, 'vouchers', voucher).textContent()).toContain('50 / 50');

      await row(page, 'vouchers', voucher).getByRole('button', { name: t.common.edit }).click();
      await page.waitForURL(/\/dashboard\/rewards\/edit-vocher\/\d+/);
      await page.locator('#vouchers_amount').waitFor();
      await submit(page);
      await toast(page, t.msg.noChangesDetected);
      await page.locator('#vouchers_amount').fill('80');
      await submit(page);
      await toast(page, t.msg.voucherUpdated);
      await searchVouchers(page, voucher);
      await row(page, 'vouchers', voucher).getByText('80 / 80').waitFor();
    });

    it('says why a voucher update failed', async () => {
      await page.goto(`/dashboard/rewards/create-Vocher?lang=${lang}`);
      await page.locator('#vouchers_name').fill(`${voucher} 2`);
      await page.locator('#vouchers_description').fill('Second');
      await choose(page, '#vouchers_storeId', store);
      await upload(page);
      await page.locator('#vouchers_amount').fill('5');
      await page.locator('#vouchers_pointsRequired').fill('100');
      await page.locator('#vouchers_money').fill('1');
      await submit(page);
      await toast(page, t.msg.voucherCreated);
      await searchVouchers(page, `${voucher} 2`);
      await row(page, 'vouchers', `${voucher} 2`).getByRole('button', { name: t.common.edit }).click();
      await page.locator('#vouchers_name').fill(voucher);
      await submit(page);
      await toast(page, t.msg.voucherUpdateFailed);
    });

    it('says when the voucher to edit cannot be fetched, and goes back to the list', async () => {
      await page.goto(`/dashboard/rewards/edit-vocher/999999999?lang=${lang}`);
      await toast(page, t.rewards.vouchers.fetchFailed);
      await page.getByRole('heading', { name: t.rewards.vouchers.fetchFailed }).waitFor();
      await page.getByRole('button', { name: t.common.backToList }).click();
      await page.waitForURL(/\/dashboard\/rewards\/vocher/);
      await page.getByTestId('vouchers-table').waitFor();
    });

    it('refuses to delete a store or category still in use, then deletes them in order', async () => {
      await page.goto(`/dashboard/rewards/stores?lang=${lang}`);
      await confirmDelete(page, 'stores', store, t);
      await toast(page, t.msg.storeDeleteFailed);
      await page.goto(`/dashboard/rewards/category?lang=${lang}`);
      await confirmDelete(page, 'reward-categories', category, t);
      await toast(page, t.msg.categoryDeleteFailed);

      await page.goto(`/dashboard/rewards/vocher?lang=${lang}&q=${encodeURIComponent(voucher)}`);
      for (const name of [`${voucher} 2`, voucher]) {
        await confirmDelete(page, 'vouchers', name, t);
        await row(page, 'vouchers', name).waitFor({ state: 'detached' });
      }
      await page.goto(`/dashboard/rewards/stores?lang=${lang}`);
      await confirmDelete(page, 'stores', store, t);
      await toast(page, t.msg.storeDeleted);
      await page.goto(`/dashboard/rewards/category?lang=${lang}`);
      await confirmDelete(page, 'reward-categories', category, t);
      await row(page, 'reward-categories', category).waitFor({ state: 'detached' });
    });

    it('shows the empty state', async () => {
      await page.goto(`/dashboard/rewards/vocher?lang=${lang}&q=no-such-voucher`);
      await page.getByText(t.msg.noRecordsFound).waitFor();
    });
  });
}
