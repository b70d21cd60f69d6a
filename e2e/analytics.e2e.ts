import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import analyticsAr from '../packages/web/src/features/analytics/locales/ar.json' with { type: 'json' };
import analyticsEn from '../packages/web/src/features/analytics/locales/en.json' with { type: 'json' };
import { integrationApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: analyticsEn.analytics, ar: analyticsAr.analytics } as const;
const browser = useBrowser();

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}-${Date.now().toString(36)}`;

  describe(`customer churn in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('trains a model while the screen shows its progress, then follows a high-risk customer to customer/info', async () => {
      await page.goto(`/dashboard/advanced-analytics/customer-churn?lang=${lang}`);
      const training = page.getByTestId('churn-training');
      const train = training.getByRole('button', { name: t.churn.train.now });
      // The demo's first model may still be training after start-up: the button waits for it.
      await expect.poll(() => train.isEnabled(), { timeout: 120_000, interval: 500 }).toBe(true);
      await train.click();
      // Once the run is accepted the panel follows it (not the run before, which is DONE already).
      await toast(page, t.churn.train.started);
      const run = page.getByTestId('churn-run');
      await run.getByText(t.churn.train.statuses.DONE).waitFor({ timeout: 180_000 });
      expect(await run.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

      // The metrics as measured, the model beside the recency-only baseline.
      const metrics = page.getByTestId('churn-metrics');
      await metrics.getByText(t.churn.metrics.baseline).waitFor();
      await metrics.getByText(t.churn.metrics.precisionAt10).waitFor();

      // High risk only: every row says so; the first leads to its customer.
      await page.getByRole('combobox', { name: t.churn.filters.band }).click();
      await page.getByRole('listbox').getByRole('option', { name: t.churn.bands.HIGH, exact: true }).click();
      await page.waitForURL(/band=HIGH/);
      const ranked = page.getByTestId('churn-ranked');
      const first = ranked.locator('tbody tr[data-row-key]').first();
      await first.waitFor();
      const rows = ranked.locator('tbody tr[data-row-key]');
      const high = rows.filter({ has: page.locator('.tag', { hasText: t.churn.bands.HIGH }) });
      await expect
        .poll(async () => (await rows.count()) > 0 && (await high.count()) === (await rows.count()))
        .toBe(true);
      const link = first.getByRole('link');
      const number =
        (await link.innerText())
          .split('·')[0]
          ?.replace(/[\u2066-\u2069]/g, '')
          .trim() ?? '';
      await link.click();
      await page.waitForURL(/\/dashboard\/customer\/info\?id=\d+/);
      await page.getByText(number).first().waitFor();
      const card = page.getByTestId('customer-churn');
      await card.getByText(t.churn.customer.title).waitFor();
      await card.getByText(t.churn.bands.HIGH, { exact: true }).waitFor();
    }, 420_000);

    it('retrains the category suggester with progress, shows its figures per language, and suggests a category that staff accept', async () => {
      // A customer writes in; the retraining also analyses new conversations.
      const app = await integrationApi(page, ['customers', 'messages']);
      const number = `NLP-${run}`;
      expect((await app('PUT', `/customers/${number}`, { fullName: `Nlp ${run}`, language: lang })).ok).toBe(
        true,
      );
      const subject = lang === 'ar' ? `نقاط مفقودة ${run}` : `Missing points ${run}`;
      const body =
        lang === 'ar'
          ? 'لم تصلني نقاط مشترياتي بالبطاقة من الأسبوع الماضي، الرصيد خطأ'
          : 'My points from last week card purchases are missing and the balance is wrong';
      const asked = await app('POST', `/customers/${number}/messages`, {
        externalId: `e2e-nlp-${run}`,
        subject,
        body,
      });
      expect(asked.status).toBe(201);

      await page.goto(`/dashboard/advanced-analytics/NLP?lang=${lang}`);
      const training = page.getByTestId('nlp-training');
      const retrain = training.getByRole('button', { name: t.nlp.train.now });
      await expect.poll(() => retrain.isEnabled(), { timeout: 120_000, interval: 500 }).toBe(true);
      await retrain.click();
      const progress = page.getByTestId('nlp-run');
      await progress.getByText(t.churn.train.statuses.DONE).waitFor({ timeout: 120_000 });
      const metrics = page.getByTestId('nlp-metrics');
      await metrics.getByText(t.nlp.metrics.macroF1).waitFor();
      expect(await metrics.getByText(t.nlp.languages.ar, { exact: true }).count()).toBe(2);
      expect(await metrics.getByText(t.nlp.languages.en, { exact: true }).count()).toBe(2);
      await page.getByTestId('nlp-trend').getByRole('img', { name: t.nlp.trend.title }).waitFor();
      await page.getByTestId('nlp-keywords').locator('.tag').first().waitFor();

      // Drill-down: negative messages only.
      await page.getByRole('combobox', { name: t.nlp.filters.sentiment }).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: t.nlp.sentiments.NEGATIVE, exact: true })
        .click();
      await page.waitForURL(/sentiment=NEGATIVE/);
      const rows = page.getByTestId('nlp-messages').locator('tbody tr[data-row-key]');
      await rows.first().waitFor();
      const negativeRows = rows.filter({
        has: page.locator('.tag', { hasText: t.nlp.sentiments.NEGATIVE }),
      });
      await expect
        .poll(async () => (await rows.count()) > 0 && (await negativeRows.count()) === (await rows.count()))
        .toBe(true);

      // The queue suggests a category for the new conversation; in the conversation staff accept it.
      await page.goto(`/dashboard/message?lang=${lang}&q=${encodeURIComponent(number)}`);
      const row = page.getByTestId('messages-table').locator('tr', { hasText: subject });
      await row.getByTestId('suggested-category').waitFor();
      await row.getByRole('link').first().click();
      await page.waitForURL(/\/dashboard\/admin\/message\/\d+/);
      const suggestion = page.getByTestId('suggested-category');
      await suggestion.getByRole('button', { name: t.nlp.suggestion.accept }).click();
      await suggestion.getByRole('button', { name: t.nlp.suggestion.accept }).waitFor({ state: 'detached' });
    }, 300_000);
  });
}
