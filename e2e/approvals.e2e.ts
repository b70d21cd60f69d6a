import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import logsAr from '../packages/web/src/features/logs/locales/ar.json' with { type: 'json' };
import logsEn from '../packages/web/src/features/logs/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { baseUrl, signIn, toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...approvalsEn, ...logsEn },
  ar: { ...ar, ...approvalsAr, ...logsAr },
} as const;
const browser = useBrowser();

/** A call to the admin API as the administrator. */
async function api(method: string, path: string, body?: object) {
  const { username, password } = inject('admin');
  const login = await fetch(`${baseUrl()}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  return fetch(`${baseUrl()}/api/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: body && JSON.stringify(body),
  });
}

const configure = async (body: object) => {
  const res = await api('PUT', '/maker-checker', {
    allowSelfApproval: true,
    checkerPermission: 'approval.check',
    ...body,
  });
  expect(res.status).toBe(200);
};

/** Frees points 300,000–499,999 for the new tiers: a tier reaching past 300,000 ends just before. */
async function freeRange() {
  type Tier = {
    id: number;
    name: string;
    nameAr: string;
    description: string;
    descriptionAr: string;
    minPoints: number;
    maxPoints: number;
  };
  const { items } = (await (await api('GET', '/tiers?pageSize=100')).json()) as { items: Tier[] };
  for (const tier of items.filter((t) => t.maxPoints >= 300_000 && t.minPoints < 300_000)) {
    // A PUT replaces the tier: the Arabic name and description go back as they were.
    const { id, name, nameAr, description, descriptionAr, minPoints } = tier;
    const body = { name, nameAr, description, descriptionAr, minPoints, maxPoints: 299_999 };
    const res = await api('PUT', `/tiers/${id}`, body);
    expect(res.status).toBe(200);
  }
}

// One person plays maker and checker here (self-approval on) so the four screens can be walked in a
// browser; the two-person rules are covered by the API tests (modules/approvals/approvals.test.ts).
beforeAll(async () => {
  await freeRange();
  await configure({ enabled: true, services: [{ serviceId: 'tier.create', approvalRequired: true }] });
});
afterAll(() =>
  configure({
    enabled: false,
    allowSelfApproval: false,
    services: [{ serviceId: 'tier.create', approvalRequired: false }],
  }),
);

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const name = lang === 'en' ? 'Emerald' : 'زمرد';
  const [min, max] = lang === 'en' ? ['300000', '399999'] : ['400000', '499999'];

  describe(`maker-checker screens in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('a gated form says so, and saving submits a request instead of creating the tier', async () => {
      await page.goto(`/dashboard/create-tire?lang=${lang}`);
      await page.getByTestId('approval-notice').waitFor();
      await page.locator('#tiers_name').fill(name);
      await page.locator('#tiers_description').fill(`${name} members`);
      await page.locator('#tiers_minPoints').fill(min);
      await page.locator('#tiers_maxPoints').fill(max);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.common.submittedForApproval);
    });

    it('Requests shows it pending; Approvals lets the checker open the diff and approve it', async () => {
      await page.goto(`/dashboard/Requests?lang=${lang}`);
      const mine = page.getByTestId('requests-mine').locator('tr', { hasText: t.approvals.status.PENDING });
      await mine.first().waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

      await page.goto(`/dashboard/Approvals?lang=${lang}`);
      const row = page
        .getByTestId('requests-inbox')
        .locator('tr', { hasText: t.approvals.status.PENDING })
        .first();
      await row.getByRole('button', { name: t.approvals.view }).click();
      const detail = page.getByTestId('request-detail');
      await detail.getByTestId('change-diff').getByText(name, { exact: true }).waitFor();
      await page.getByRole('button', { name: t.approvals.approve, exact: true }).click();
      await toast(page, t.approvals.done.APPROVED);
    });

    it('RequestHistory and ApprovalHistory show it approved, and the tier exists', async () => {
      for (const [screen, testId] of [
        ['RequestHistory', 'requests-mine-history'],
        ['ApprovalHistory', 'requests-inbox-history'],
      ] as const) {
        await page.goto(`/dashboard/${screen}?lang=${lang}`);
        await page
          .getByTestId(testId)
          .locator('tr', { hasText: t.approvals.status.APPROVED })
          .first()
          .waitFor();
      }
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}&q=${encodeURIComponent(name)}`);
      await page.getByTestId('tiers-table').locator('tr', { hasText: name }).waitFor();
    });

    it('AdminLogs shows every step and the trail verifies intact', async () => {
      await page.goto(`/dashboard/SystemLogs/AdminLogs?lang=${lang}&command=tier.create`);
      const table = page.getByTestId('admin-logs-table');
      await table.getByText(t.logs.outcome.PENDING).first().waitFor();
      await table.getByText(t.logs.outcome.SUCCESS).first().waitFor();
      await page.getByRole('button', { name: t.logs.verify }).click();
      const result = page.getByTestId('verify-result');
      await result.waitFor();
      expect(await result.getAttribute('class')).toContain('success');
    });
  });
}
