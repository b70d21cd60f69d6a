import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { type ApiCall, staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...approvalsEn },
  ar: { ...ar, ...approvalsAr },
} as const;
const browser = useBrowser();

/** Asks what the change would have cost (the last 90 days) and answers the difference shown. */
async function replayHere(scope: Locator) {
  await scope.getByTestId('replay-start').click();
  const figures = scope.getByTestId('replay-figures');
  await figures.waitFor({ timeout: 60_000 });
  // The chart by day and the breakdowns are drawn with the totals.
  await figures.locator('canvas').last().waitFor();
  await figures.getByTestId('replay-by-tier').waitFor();
  return (await figures.getByTestId('replay-difference').locator('.statistic-value').textContent())
    ?.replace(/[\u2066\u2069]/g, '')
    .trim();
}

let api: ApiCall;
let ruleId: number;
let tierId: number;
let campaignId: number;

// One person plays maker and checker (self-approval on), as approvals.e2e.ts does.
const gate = (on: boolean) =>
  api('PUT', '/maker-checker', {
    enabled: on,
    allowSelfApproval: on,
    checkerPermission: 'approval.check',
    services: [{ serviceId: 'pointsRule.update', approvalRequired: on }],
  });

beforeAll(async () => {
  const page = await browser.page();
  await signIn(page);
  api = await staffApi(page);
  const rules = (await (await api('GET', '/points-rules?status=ACTIVE&pageSize=1')).json()) as {
    items: { id: number }[];
  };
  ruleId = rules.items[0]?.id as number;
  expect(ruleId).toBeGreaterThan(0);
  const tiers = (await (await api('GET', '/tiers?sort=minPoints:asc&pageSize=10')).json()) as {
    items: { id: number; minPoints: number }[];
  };
  tierId = tiers.items.find((x) => x.minPoints > 0)?.id as number;
  expect(tierId).toBeGreaterThan(0);
  const campaigns = (await (await api('GET', '/campaigns?pageSize=50')).json()) as {
    items: { id: number; status: string }[];
  };
  // The demo's draft or scheduled campaign: its form can still be changed.
  campaignId = campaigns.items.find((x) => x.status !== 'ACTIVE' && x.status !== 'ENDED')?.id as number;
  expect(campaignId).toBeGreaterThan(0);
  expect((await gate(true)).status).toBe(200);
});
afterAll(async () => {
  await gate(false);
});

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  describe(`what a rule change would have cost, in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let shown: string | undefined;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('edits a rule, asks what it would have cost, sees the figures and the chart, and submits it', async () => {
      await page.goto(`/dashboard/edit-rules/${ruleId}?lang=${lang}`);
      const points = page.locator('#points-rules_pointsPerTransaction');
      await points.waitFor();
      const now = Number(await points.inputValue());
      await points.fill(String(now + 5));
      await page.getByTestId('rule-replay').click();
      shown = await replayHere(page.getByTestId('replay'));
      expect(shown).toMatch(/^[+-]?[\d,]+$/);
      await page.keyboard.press('Escape');
      await page.locator('button[type="submit"]').click();
      await toast(page, t.common.submittedForApproval);
    });

    it('edits a tier’s thresholds and sees what they would have cost and whom they would move', async () => {
      await page.goto(`/dashboard/edit-tire/${tierId}?lang=${lang}`);
      const min = page.locator('#tiers_minPoints');
      await min.waitFor();
      await min.fill(String(Math.floor(Number(await min.inputValue()) / 2)));
      await page.getByTestId('tier-replay').click();
      const panel = page.getByTestId('replay');
      expect(await replayHere(panel)).toMatch(/^[+-]?[\d,]+$/);
      await panel.getByTestId('replay-tier-moves').waitFor();
      await panel.getByTestId('replay-by-expiry').waitFor();
      await panel.getByTestId('replay-share').waitFor();
      await page.keyboard.press('Escape');
    });

    it('asks what a campaign would have cost on its form: bonus paid, budget by day, run-out day', async () => {
      await page.goto(`/dashboard/edit-item/${campaignId}?lang=${lang}`);
      await page.getByTestId('campaign-replay').click();
      const panel = page.getByTestId('replay');
      await replayHere(panel);
      const campaign = panel.getByTestId('replay-campaign');
      await campaign.locator('canvas').waitFor();
      expect(await campaign.getByTestId('replay-run-out').textContent()).toBeTruthy();
      await page.keyboard.press('Escape');
    });

    it('the checker sees the same figures on the approval request', async () => {
      await page.goto(`/dashboard/Approvals?lang=${lang}&serviceId=pointsRule.update`);
      const row = page
        .getByTestId('requests-inbox')
        .locator('tr', { hasText: t.approvals.status.PENDING })
        .first();
      await row.getByRole('button', { name: t.approvals.view }).click();
      const detail = page.getByTestId('request-detail');
      expect(await replayHere(detail)).toBe(shown);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('button', { name: t.approvals.approve, exact: true }).click();
      await toast(page, t.approvals.done.APPROVED);
    });
  });
}
