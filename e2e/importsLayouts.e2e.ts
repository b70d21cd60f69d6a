import path from 'node:path';
import iconv from 'iconv-lite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreBankingFile, coreBankingLayout } from '../packages/server/src/modules/imports/coreBanking.ts';
import { type ApiCall, integrationApi, staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';
import { approveAndWatch, gateImportPosting as gate, importTexts as texts } from './importing.ts';

const browser = useBrowser();
/** Screenshots of the screens, for review (SCREENSHOTS_DIR, default the OS temp folder). */
const shots = process.env.SCREENSHOTS_DIR ?? process.env.TMPDIR ?? '/tmp';

// One person plays maker and checker here (self-approval on, as in approvals.e2e.ts) so the screens
// are walked in a browser; that a second person is needed is covered by the API tests
// (modules/imports/imports.test.ts, fileLayouts.test.ts).
for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}${Date.now().toString(36)}`.toUpperCase();
  const customer = `E2E-FL-${run}`.slice(0, 12);

  describe(`file layouts and imports in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let staff: ApiCall;
    let layoutName: string;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      staff = await staffApi(page);
      expect((await gate(staff, true)).status).toBe(200);
      const channel = await integrationApi(page, ['customers']);
      const res = await channel('PUT', `/customers/${customer}`, { fullName: `Layout ${lang}` });
      expect(res.status).toBeLessThan(300);
      layoutName = `${coreBankingLayout.name} ${run}`;
      const created = await staff('POST', '/file-layouts', {
        ...coreBankingLayout,
        name: layoutName,
        nameAr: `${coreBankingLayout.nameAr} ${run}`,
      });
      expect(created.status, await created.clone().text()).toBe(201);
    });
    afterAll(async () => {
      await gate(staff, false);
    });

    it('lists the layouts and opens one: its record types and fields', async () => {
      await page.goto(`/dashboard/Imports/Layouts?lang=${lang}&q=${encodeURIComponent(run)}`);
      const row = page.locator('tr[data-row-key]', { hasText: run });
      await row.getByText(t.imports.layouts.formats.FIXED_WIDTH).first().waitFor();
      await row.click();
      await page.waitForURL(/Imports\/Layouts\/\d+/);
      await page.getByText(t.imports.layouts.record.replace('{{n}}', '3')).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.screenshot({ path: path.join(shots, `layouts-${lang}-form.png`), fullPage: true });
    });

    it('uploads a fixed-width file by the layout: mapping preview, a bad line, the trailer reconciled, approved, posted', async () => {
      const ymd = '20261128';
      const file = coreBankingFile(ymd, [
        { ref: `${run}-1`, cif: customer, code: 'CARD_SPEND', halalas: 12_050, time: `${ymd}093000` },
        { ref: `${run}-2`, cif: customer, code: 'CARD_SPEND', halalas: 3_000, time: `28112026101500` },
      ]);
      await page.goto(`/dashboard/Imports/New?lang=${lang}`);
      await page.locator('#import_layout').click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: new RegExp(run) })
        .click();
      await page.locator('input[type="file"]').setInputFiles({
        name: `eod-${run}.dat`,
        mimeType: 'text/plain',
        buffer: iconv.encode(file, 'windows-1256'),
      });
      // The preview: the file's fields, each with the kind's field it fills (the layout's mapping).
      await page.getByText('txnTime', { exact: true }).waitFor();
      await page.getByRole('switch').click();
      await page.screenshot({ path: path.join(shots, `layouts-${lang}-upload.png`), fullPage: true });
      await page.getByRole('button', { name: t.imports.upload }).click();
      await toast(page, t.imports.created);
      await page.waitForURL(/\/dashboard\/Imports\/\d+/);
      const importUrl = page.url();
      await page.getByText(t.imports.reconciliation).waitFor();
      expect(await page.getByText(t.imports.matches, { exact: true }).count()).toBe(2);
      const errors = page.locator('.panel', { hasText: t.imports.downloadErrors });
      expect(await errors.locator('tr', { hasText: t.imports.reasons.badDate }).innerText()).toContain('3');
      await page.getByRole('button', { name: t.imports.post }).click();
      await toast(page, t.common.submittedForApproval);
      await approveAndWatch(page, lang, importUrl);
      await page.screenshot({ path: path.join(shots, `layouts-${lang}-import.png`), fullPage: true });
    });

    it('uploads a CSV file with a bad line: the line error, approved, posted', async () => {
      const csv = [
        'externalId,customerNumber,transactionTypeCode,amount,occurredAt',
        `CSV-${run}-1,${customer},CARD_SPEND,100,2026-11-01T10:00:00Z`,
        `CSV-${run}-2,${customer},CARD_SPEND,-5,2026-11-01T11:00:00Z`,
      ].join('\n');
      await page.goto(`/dashboard/Imports/New?lang=${lang}`);
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: `csv-${run}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('switch').click();
      await page.getByRole('button', { name: t.imports.upload }).click();
      await toast(page, t.imports.created);
      await page.waitForURL(/\/dashboard\/Imports\/\d+/);
      const importUrl = page.url();
      const errors = page.locator('.panel', { hasText: t.imports.downloadErrors });
      expect(await errors.locator('tr', { hasText: t.imports.reasons.badAmount }).innerText()).toContain('3');
      await page.getByRole('button', { name: t.imports.post }).click();
      await toast(page, t.common.submittedForApproval);
      await approveAndWatch(page, lang, importUrl);
    });
  });
}
