/**
 * Reports in the background (a long period: a job with a progress bar, then its file) and
 * scheduled reports (created through the form, listed), in English and Arabic.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import reportsAr from '../packages/web/src/features/reports/locales/ar.json' with { type: 'json' };
import reportsEn from '../packages/web/src/features/reports/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...reportsEn }, ar: { ...ar, ...reportsAr } } as const;
const browser = useBrowser();
/** Screenshots for review (not compared): SCREENSHOTS=<dir>. */
const shots = process.env.SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function choose(page: Page, field: string, option: string) {
  await page.locator(field).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];

  describe(`reports in the background and on a schedule, in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('runs a report over a long period as a job with a progress bar, then downloads its file', async () => {
      const from = day(-700);
      const to = day(0);
      await page.goto(`/dashboard/MainReports?report=liability&from=${from}&to=${to}&lang=${lang}`);
      const notice = page.getByTestId('report-long-range');
      await notice.waitFor();
      // Not drawn on screen: no table for a period this long.
      expect(await page.getByTestId('report-table').count()).toBe(0);
      await notice.getByTestId('report-run').click();
      await page.getByRole('menuitem', { name: t.common.exportCsv }).click();

      const runs = page.getByTestId('report-runs');
      await runs.waitFor();
      const api = await staffApi(page);
      const [run] = (await (await api('GET', '/report-runs')).json()) as { id: number }[];
      const item = page.getByTestId(`report-run-${run?.id}`);
      await item.getByRole('progressbar').waitFor();
      await item.getByText(t.reports.runs.statuses.DONE).waitFor({ timeout: 30_000 });
      await item.locator('[role="progressbar"][aria-valuenow="100"].progress-success').waitFor();
      await item.getByText(`${t.reports.names.liability}`).waitFor();
      await shoot(page, `report-run-${lang}`);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId(`report-run-file-${run?.id}`).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^report-liability-${from}-${to}-.*\\.csv$`));
      const rows = parse(readFileSync(await download.path()), { bom: true, columns: true }) as {
        outstanding: string;
      }[];
      const report = await (await api('GET', `/reports/liability?from=${from}&to=${to}`)).json();
      expect(rows.map((r) => Number(r.outstanding))).toEqual(
        report.rows.map((r: { outstanding: number }) => r.outstanding),
      );
    });

    it('shows the voucher and cohort reports: a chart, a table, a heat map', async () => {
      await page.goto(`/dashboard/MainReports?report=vouchers&lang=${lang}`);
      await page.getByTestId('report-title').getByText(t.reports.names.vouchers).waitFor();
      await page.getByTestId('report-table').getByText(t.reports.columns.pointsSpent).first().waitFor();
      await page.getByTestId('report-table').locator('tbody tr[data-row-key]').first().waitFor();
      await shoot(page, `report-vouchers-${lang}`);
      await page.getByTestId('report-cohorts').click();
      await page.getByTestId('report-title').getByText(t.reports.names.cohorts).waitFor();
      const heat = page.getByTestId('cohort-heatmap');
      await heat.getByText(t.reports.columns.m1).first().waitFor();
      await heat.locator('tbody tr[data-row-key]').first().waitFor();
      await page.getByRole('img', { name: t.reports.names.cohorts }).locator('canvas').first().waitFor();
      await shoot(page, `report-cohorts-${lang}`);
    });

    it('schedules a report to be e-mailed, and lists it', async () => {
      const api = await staffApi(page);
      // A colleague with an e-mail address and the administrator's role, to receive the report.
      const me = await (await api('GET', '/users?q=admin')).json();
      const stamp = Date.now();
      const colleague = await api('POST', '/users', {
        username: `finance_${lang}_${stamp}`,
        fullName: lang === 'en' ? `Finance Team ${stamp}` : `فريق المالية ${stamp}`,
        email: `finance.${lang}.${stamp}@bank.example`,
        roleId: me.items[0].roleId,
        status: 'ACTIVE',
      });
      expect(colleague.status, await colleague.clone().text()).toBe(201);
      const recipients = (
        (await (await api('GET', '/report-schedules/recipients?report=cohorts')).json()) as {
          fullName: string;
        }[]
      ).filter((r) => r.fullName.endsWith(String(stamp)));
      expect(recipients.length).toBeGreaterThan(0);
      const title = `${lang === 'en' ? 'Monthly cohorts' : 'مجموعات العملاء الشهرية'} ${Date.now()}`;

      await page.goto(`/dashboard/MainReports?lang=${lang}`);
      await page.getByTestId('report-schedules-link').click();
      await page.waitForURL(/MainReports\/Schedules/);
      await page.getByRole('button', { name: t.common.create }).click();
      await page.waitForURL(/MainReports\/Schedules\/Add/);
      await page.locator('#report-schedules_title').fill(title);
      await choose(page, '#report-schedules_report', t.reports.names.cohorts);
      await choose(page, '#report-schedules_frequency', t.reports.schedules.frequencies.MONTHLY);
      await choose(page, '#report-schedules_recipientIds', recipients[0]?.fullName ?? '');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: t.common.save }).click();
      await toast(page, t.reports.schedules.created);
      await page.waitForURL(/MainReports\/Schedules(\?|$)/);
      const row = page.locator('tr[data-row-key]', { hasText: title });
      await row.waitFor();
      await row.getByText(t.reports.schedules.frequencies.MONTHLY).waitFor();
      await row.getByText(t.reports.names.cohorts).waitFor();
      await row.getByText(recipients[0]?.fullName ?? '').waitFor();
      await shoot(page, `report-schedules-${lang}`);

      const saved = await (await api('GET', `/report-schedules?q=${encodeURIComponent(title)}`)).json();
      expect(saved.items[0]).toMatchObject({
        title,
        report: 'cohorts',
        frequency: 'MONTHLY',
        format: 'xlsx',
        active: true,
      });

      // Switched off: it stays listed, paused, and is not sent until switched on again.
      await row.getByRole('button', { name: t.common.edit }).click();
      await page.waitForURL(/MainReports\/Schedules\/Edit\/\d+/);
      const sending = page.locator('#report-schedules_active');
      expect(await sending.getAttribute('aria-checked')).toBe('true');
      await sending.click();
      await page.getByRole('button', { name: t.common.save }).click();
      await toast(page, t.reports.schedules.updated);
      await page.waitForURL(/MainReports\/Schedules(\?|$)/);
      await row.getByText(t.reports.schedules.paused).waitFor();
      const paused = await (await api('GET', `/report-schedules?q=${encodeURIComponent(title)}`)).json();
      expect(paused.items[0].active).toBe(false);
    });
  });
}
