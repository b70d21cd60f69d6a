import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rewardsAr from '../packages/web/src/features/rewards/locales/ar.json' with { type: 'json' };
import rewardsEn from '../packages/web/src/features/rewards/locales/en.json' with { type: 'json' };
import { type ApiCall, staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';
import { approveAndWatch, gateImportPosting, importTexts } from './importing.ts';

// Issue 49's voucher codes: a SUPPLIED voucher's page shows its pool and links to the import; a
// file of partner codes (with a bad line) is checked, approved and posted; a redemption then
// takes the first code. One person plays maker and checker (as in importsLayouts.e2e.ts).
const texts = {
  en: { ...importTexts.en, ...rewardsEn },
  ar: { ...importTexts.ar, ...rewardsAr },
} as const;
const browser = useBrowser();
const shots = process.env.SCREENSHOTS_DIR ?? process.env.TMPDIR ?? '/tmp';

const pool = (text: string, available: number, issued: number) =>
  text.replace('{{available}}', String(available)).replace('{{issued}}', String(issued));

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}${Date.now().toString(36)}`.toUpperCase();

  describe(`voucher codes in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let staff: ApiCall;
    let voucherId: number;
    let customerId: number;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      staff = await staffApi(page);
      expect((await gateImportPosting(staff, true)).status).toBe(200);
      const [store] = (await (await staff('GET', '/stores?pageSize=1')).json()).items;
      const created = await staff('POST', '/vouchers', {
        name: `Cinema ${run}`,
        description: 'One ticket, codes from the cinema',
        imageId: store.imageId,
        storeId: store.id,
        amount: 0,
        pointsRequired: 1,
        money: 40,
        codeSource: 'SUPPLIED',
      });
      expect(created.status, await created.clone().text()).toBe(201);
      voucherId = (await created.json()).id;
      const people = (await (await staff('GET', '/customers?status=ACTIVE&pageSize=100')).json()).items;
      customerId = people.find((c: { balance: number }) => c.balance >= 10).id;
    });
    afterAll(async () => {
      await gateImportPosting(staff, false);
    });

    it("shows the voucher's pool and imports its partner's codes from there", async () => {
      await page.goto(`/dashboard/rewards/edit-vocher/${voucherId}?lang=${lang}`);
      const shown = page.getByTestId('voucher-pool');
      await shown.getByText(pool(t.rewards.vouchers.pool, 0, 0)).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: path.join(shots, `vouchercodes-${lang}-voucher.png`), fullPage: true });
      await shown.getByRole('link', { name: t.rewards.vouchers.importCodes }).click();
      await page.waitForURL(/Imports\/New\?.*kind=VOUCHER_CODES/);
      // The voucher is chosen from the link (no choice made here): the upload below needs it.
      await page.getByText(t.imports.voucherHelp).waitFor();
      const csv = ['code', `${run}-A`, `${run}-B`, `${run}-A`, `${run}-C`].join('\n');
      const upload = page.getByRole('button', { name: t.imports.upload });
      // Chosen again until it holds: the page may still render anew as its texts arrive.
      await expect
        .poll(async () => {
          await page
            .locator('input[type="file"]')
            .setInputFiles({ name: `codes-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
          return upload.isEnabled();
        })
        .toBe(true);
      await page.getByRole('switch').click();
      await page.screenshot({ path: path.join(shots, `vouchercodes-${lang}-new.png`), fullPage: true });
      await upload.click();
      await toast(page, t.imports.created);
      await page.waitForURL(/\/dashboard\/Imports\/\d+/);
      const importUrl = page.url();
      const errors = page.locator('.panel', { hasText: t.imports.downloadErrors });
      expect(await errors.locator('tr', { hasText: t.imports.reasons.duplicateCode }).innerText()).toContain(
        '4',
      );
      await page.getByRole('button', { name: t.imports.post }).click();
      await toast(page, t.common.submittedForApproval);
      await approveAndWatch(page, lang, importUrl);
      const voucherLink = t.imports.voucherLink.replace('{{id}}', String(voucherId));
      await page.getByRole('link', { name: voucherLink }).waitFor();
      await page.screenshot({ path: path.join(shots, `vouchercodes-${lang}-import.png`), fullPage: true });
    });

    it('redeems the first code of the pool, and the page counts it issued', async () => {
      const redeemed = await staff('POST', '/redemptions', { customerId, voucherId });
      expect(redeemed.status, await redeemed.clone().text()).toBe(201);
      expect((await redeemed.json()).code).toBe(`${run}-A`);
      await page.goto(`/dashboard/rewards/edit-vocher/${voucherId}?lang=${lang}`);
      await page
        .getByTestId('voucher-pool')
        .getByText(pool(t.rewards.vouchers.pool, 2, 1))
        .waitFor();
    });
  });
}
