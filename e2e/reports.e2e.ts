import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import homeAr from '../packages/web/src/features/home/locales/ar.json' with { type: 'json' };
import homeEn from '../packages/web/src/features/home/locales/en.json' with { type: 'json' };
import reportsAr from '../packages/web/src/features/reports/locales/ar.json' with { type: 'json' };
import reportsEn from '../packages/web/src/features/reports/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { staffApi } from './api.ts';
import { signIn, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...homeEn, ...reportsEn },
  ar: { ...ar, ...homeAr, ...reportsAr },
} as const;
const browser = useBrowser();
/** Screenshots for review (not compared): SCREENSHOTS=<dir>. */
const shots = process.env.SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

/** Picks a preset of the (first) period picker: its "Period start" field opens its dialog. */
async function preset(page: Page, label: string) {
  const start = [en, ar].map((l) => l.common.calendar.periodStart).join('|');
  await page
    .getByRole('combobox', { name: new RegExp(`^(${start})$`) })
    .first()
    .click();
  await page.getByRole('dialog').getByRole('button', { name: label, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];

  describe(`dashboard and reports in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('shows the KPIs of the period, and follows a change of the period', async () => {
      await page.goto(`/dashboard?lang=${lang}`);
      const outstanding = page.getByTestId('kpi-outstanding');
      await outstanding.getByText(t.dashboard.kpi.outstanding).waitFor();
      const api = await staffApi(page);
      const last30 = await (await api('GET', '/dashboard')).json();
      const issued = page.getByTestId('kpi-issued').locator('.statistic-value');
      expect((await issued.innerText()).replaceAll(',', '')).toBe(String(last30.points.issued.value));
      await page.getByRole('img', { name: t.dashboard.charts.activity }).locator('canvas').first().waitFor();
      // Issued by channel: the chart, and its link to the activity report of the same period.
      const channels = page.getByTestId('dashboard-channels');
      await channels
        .getByRole('img', { name: t.dashboard.charts.channels })
        .locator('canvas')
        .first()
        .waitFor();
      await channels.getByRole('link', { name: t.dashboard.open }).click();
      await page.getByTestId('report-activity').and(page.locator('[aria-current="page"]')).waitFor();
      await page.goBack();
      await shoot(page, `dashboard-${lang}`);

      await preset(page, t.common.periods.last90);
      await page.waitForURL(/from=.*&to=/);
      const from = new URL(page.url()).searchParams.get('from');
      const to = new URL(page.url()).searchParams.get('to');
      const last90 = await (await api('GET', `/dashboard?from=${from}&to=${to}`)).json();
      await expect
        .poll(async () => (await issued.innerText()).replaceAll(',', ''))
        .toBe(String(last90.points.issued.value));
      expect(last90.points.issued.value).toBeGreaterThan(last30.points.issued.value);

      await outstanding.click();
      await page.waitForURL(/MainReports\?report=liability/);
      await page.getByTestId('report-title').getByText(t.reports.names.liability).waitFor();
    });

    it('opens two reports, changes the period, and shows each as a chart and a table', async () => {
      await page.goto(`/dashboard/MainReports?lang=${lang}`);
      await page.getByTestId('report-liability').click();
      await page.getByTestId('report-table').locator('tbody tr[data-row-key]').first().waitFor();
      await page.getByRole('img', { name: t.reports.names.liability }).locator('canvas').first().waitFor();
      const rows = page.getByTestId('report-table').locator('tbody tr[data-row-key]');
      // 90 days: a point a week; 12 months: a point a month, from the month the period starts in.
      await preset(page, t.common.periods.last12Months);
      await page.waitForURL(/from=.*&to=/);
      const from = new URL(page.url()).searchParams.get('from') ?? '';
      await expect.poll(() => rows.first().locator('td').first().innerText()).toBe(`${from.slice(0, 7)}-01`);
      expect(await rows.count()).toBeGreaterThanOrEqual(12);
      await shoot(page, `report-liability-${lang}`);

      await page.getByTestId('report-serviceDesk').click();
      await page.getByTestId('report-title').getByText(t.reports.names.serviceDesk).waitFor();
      await page
        .getByTestId('report-table')
        .getByText(t.reports.columns.firstResponseHours)
        .first()
        .waitFor();
      await page.getByTestId('report-table').locator('tbody tr[data-row-key]').first().waitFor();
      await shoot(page, `report-serviceDesk-${lang}`);

      for (const name of ['expiryForecast', 'activity', 'tierMigration', 'staffActivity'] as const) {
        await page.getByTestId(`report-${name}`).click();
        await page.getByTestId('report-title').getByText(t.reports.names[name]).waitFor();
        await page.getByTestId('report-table').locator('tbody tr[data-row-key]').first().waitFor();
        if (name === 'activity') {
          // The transaction type in the reader's language, one column of it (the export has both).
          const table = page.getByTestId('report-table');
          const [mine, other] =
            lang === 'ar' ? ['شراء بالبطاقة', 'Card purchase'] : ['Card purchase', 'شراء بالبطاقة'];
          await table.getByText(mine).first().waitFor();
          expect(await table.getByText(other).count()).toBe(0);
        }
        await shoot(page, `report-${name}-${lang}`);
      }
    });

    it('downloads the export of a list: exactly the rows of its filters, in its order', async () => {
      const query = 'status=ACTIVE&segment=BUSINESS&sort=fullName:desc';
      await page.goto(`/dashboard/customer?${query}&lang=${lang}`);
      await page.getByTestId('customers-table').locator('tbody tr[data-row-key]').first().waitFor();
      await page.getByRole('button', { name: t.common.export }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByText(t.common.exportCsv, { exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^customers-.*Z\.csv$/);
      const file = parse(readFileSync(await download.path()), { bom: true, columns: true }) as {
        id: string;
        status: string;
        segment: string;
      }[];
      const api = await staffApi(page);
      const listed: number[] = [];
      for (let p = 1; ; p++) {
        const body = await (await api('GET', `/customers?${query}&pageSize=100&page=${p}`)).json();
        listed.push(...body.items.map((c: { id: number }) => c.id));
        if (body.items.length < 100) break;
      }
      expect(listed.length).toBeGreaterThan(0);
      expect(file.map((r) => Number(r.id))).toEqual(listed);
      expect(file.every((r) => r.status === 'ACTIVE' && r.segment === 'BUSINESS')).toBe(true);
      await shoot(page, `customers-export-${lang}`);
    });
  });
}
