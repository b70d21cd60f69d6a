import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import campaignsAr from '../packages/web/src/features/campaigns/locales/ar.json' with { type: 'json' };
import campaignsEn from '../packages/web/src/features/campaigns/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { type ApiCall, integrationApi, staffApi } from './api.ts';
import { approveFirstPending, signIn, toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...approvalsEn, ...campaignsEn },
  ar: { ...ar, ...approvalsAr, ...campaignsAr },
} as const;
const browser = useBrowser();

let setup: Page;
let staff: ApiCall;
const configure = async (enabled: boolean) => {
  const res = await staff('PUT', '/maker-checker', {
    enabled,
    allowSelfApproval: enabled,
    checkerPermission: 'approval.check',
    services: [
      // Creating is gated by default too; here only the activation goes to a checker.
      { serviceId: 'campaign.create', approvalRequired: false },
      { serviceId: 'campaign.activate', approvalRequired: true },
    ],
  });
  expect(res.status).toBe(200);
};

// One person plays maker and checker (self-approval on), as approvals.e2e.ts does.
beforeAll(async () => {
  setup = await browser.page();
  await signIn(setup);
  staff = await staffApi(setup);
  await configure(true);
});
afterAll(() => configure(false));

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const nameEn = `E2E weekend double ${lang}`;
  const nameAr = `نقاط مضاعفة تجريبية ${lang}`;
  const shown = lang === 'ar' ? nameAr : nameEn;
  const customer = `E2E-CMP-${lang.toUpperCase()}-${Date.now()}`;

  describe(`campaigns in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let channel: ApiCall;
    let editUrl: string;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      channel = await integrationApi(page, ['customers', 'transactions']);
      const res = await channel('PUT', `/customers/${customer}`, { fullName: `Campaign ${lang}` });
      expect(res.status).toBeLessThan(300);
    });

    it('refuses bad input with the message on screen, then creates the campaign', async () => {
      await page.goto(`/dashboard/create-campaigns?lang=${lang}`);
      await page.locator('#campaign_nameEn').fill(nameEn);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.locator('#campaign_nameAr').fill(nameAr);
      await page.locator('#campaign_customerCap').fill('500');
      await page.locator('#campaign_budget').fill('100');
      await page.locator('button[type="submit"]').click();
      await page.getByText(t.campaigns.validation.budgetBelowCap).first().waitFor();
      await page.locator('#campaign_budget').fill('1000');
      // No holdout (a new campaign's default is 10 %): the one customer must get the bonus.
      expect(await page.locator('#campaign_holdoutPct').inputValue()).toBe('10');
      await page.locator('#campaign_holdoutPct').fill('0');
      await page.locator('#campaign_customerList').fill(customer);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.campaigns.created);
      await page.waitForURL(/\/dashboard\/edit-item\/\d+/);
      editUrl = new URL(page.url()).pathname;
      await page.getByTestId('campaign-status').getByText(t.campaigns.statuses.DRAFT).waitFor();
    });

    it('activates it through an approval', async () => {
      await page.getByTestId('approval-notice').waitFor();
      await page.getByRole('button', { name: t.campaigns.actions.activate }).click();
      await toast(page, t.common.submittedForApproval);
      await approveFirstPending(page, lang);
      await page.goto(`${editUrl}?lang=${lang}`);
      await page.getByTestId('campaign-status').getByText(t.campaigns.statuses.ACTIVE).waitFor();
      // An active campaign's terms are locked.
      await page.getByText(t.campaigns.form.activeLocked).waitFor();
    });

    it('moves the budget bar with earnings posted through the integration API', async () => {
      const bar = page.getByTestId('budget-bar');
      expect(await bar.innerText()).toContain('0 / 1,000');
      for (const [i, amount] of [1_000, 500].entries()) {
        const res = await channel('POST', '/transactions', {
          externalId: `E2E-CMP-${lang}-${Date.now()}-${i}`,
          customerNumber: customer,
          transactionTypeCode: 'CARD_SPEND',
          amount,
        });
        expect(res.status).toBe(201);
        expect(((await res.json()) as { bonusPoints: number }).bonusPoints).toBeGreaterThan(0);
      }
      const id = Number(editUrl.split('/').pop());
      const { spent } = (await (await staff('GET', `/campaigns/${id}`)).json()) as { spent: number };
      expect(spent).toBeGreaterThan(0);
      await page.reload();
      await bar.getByText(`${spent.toLocaleString('en-US')} / 1,000`).waitFor();
      await page.goto(`/dashboard/matrix/campaign?lang=${lang}&q=${encodeURIComponent(nameEn)}`);
      await page
        .getByTestId(`budget-${id}`)
        .getByText(`${spent.toLocaleString('en-US')} / 1,000`)
        .waitFor();
    });

    it('shows the campaign on matrix/filterbyproduct', async () => {
      await page.goto(`/dashboard/matrix/filterbyproduct?lang=${lang}`);
      await page.getByText(t.campaigns.performance.byProduct).waitFor();
      await page.getByRole('cell', { name: shown }).first().waitFor();
      await page.getByText(t.campaigns.performance.uplift, { exact: true }).waitFor();
      // The demo's live campaign holds out 10 %: its treated customers against the held-out ones.
      await page.getByText(`${t.campaigns.performance.holdout}: `).first().waitFor();
      await page.getByRole('cell', { name: t.campaigns.performance.treated, exact: true }).first().waitFor();
    });
  });
}
