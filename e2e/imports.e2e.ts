import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import importsAr from '../packages/web/src/features/imports/locales/ar.json' with { type: 'json' };
import importsEn from '../packages/web/src/features/imports/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { integrationApi, staffApi } from './api.ts';
import { baseUrl, signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...importsEn }, ar: { ...ar, ...importsAr } } as const;
const browser = useBrowser();
/** Screenshots of the screens, for review (SCREENSHOTS_DIR, default the OS temp folder). */
const shots = process.env.SCREENSHOTS_DIR ?? process.env.TMPDIR ?? '/tmp';

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}-${Date.now().toString(36)}`;
  const customer = `E2E-IMP-${run.toUpperCase()}`;
  const fileName = `earnings-${run}.csv`;

  describe(`imports in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      const channel = await integrationApi(page, ['customers']);
      const res = await channel('PUT', `/customers/${customer}`, { fullName: `Import ${lang}` });
      expect(res.status).toBeLessThan(300);
    });

    it('uploads a file with one bad line, and shows the line error on its page', async () => {
      const csv = [
        'externalId,customerNumber,transactionTypeCode,amount,occurredAt',
        `IMP-${run}-1,${customer},CARD_SPEND,100,2026-11-01T10:00:00Z`,
        `IMP-${run}-2,NO-SUCH-${run},CARD_SPEND,50,2026-11-01T11:00:00Z`,
      ].join('\n');
      await page.goto(`/dashboard/Imports/New?lang=${lang}`);
      const upload = page.getByRole('button', { name: t.imports.upload });
      await upload.waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
      // The drop zone names the chosen file, in place of its prompt in the page's language.
      const dropZone = page.locator('.ant-upload-drag');
      await dropZone.getByText(fileName).waitFor();
      expect(await dropZone.innerText()).not.toContain(t.imports.chooseFile);
      await upload.click();
      await toast(page, t.imports.created);
      await page.waitForURL(/\/dashboard\/Imports\/\d+/);
      // Received at once, checked by the staging job: the page follows it to INVALID.
      await page.getByText(t.imports.statuses.INVALID).first().waitFor();
      const errors = page.locator('.panel', { hasText: t.imports.downloadErrors });
      const row = errors.locator('tr', { hasText: t.imports.reasons.unknownCustomer });
      expect(await row.innerText()).toContain('3');
      await page.screenshot({ path: path.join(shots, `importweb-${lang}-import.png`), fullPage: true });
    });

    it('shows a pushed file that cannot be read as refused, with the reason', async () => {
      const staff = await staffApi(page);
      const created = await staff('POST', '/api-keys', {
        name: `e2e push ${run}`,
        scopes: ['imports'],
        channel: 'POS',
      });
      const { key } = (await created.json()) as { key: string };
      // A quote left open: the staging job refuses the file whole.
      const pushed = await fetch(`${baseUrl()}/api/integration/v1/transaction-files`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'text/csv' },
        body: `externalId,customerNumber,transactionTypeCode,amount,occurredAt\n"IMP-${run}-9,${customer},CARD_SPEND,1,2026-11-01T10:00:00Z\n`,
      });
      expect(pushed.status).toBe(202);
      const { id } = (await pushed.json()) as { id: number };
      await page.goto(`/dashboard/Imports/${id}?lang=${lang}`);
      await page.getByText(t.imports.statuses.REFUSED).first().waitFor();
      await page.getByText(t.imports.openQuote).first().waitFor();
      // Nothing to follow: no progress bar on a refused file.
      expect(await page.getByRole('progressbar').count()).toBe(0);
      await page.screenshot({ path: path.join(shots, `importweb-${lang}-refused.png`), fullPage: true });
    });

    it('lists the uploaded file, which opens its page', async () => {
      await page.goto(`/dashboard/Imports?lang=${lang}`);
      const row = page.locator('tr', { hasText: fileName });
      await row.getByText(t.imports.statuses.INVALID).waitFor();
      await row.getByText(fileName).click();
      await page.waitForURL(/\/dashboard\/Imports\/\d+/);
      await page.getByText(t.imports.reasons.unknownCustomer).first().waitFor();
    });
  });
}
