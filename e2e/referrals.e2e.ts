import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import householdsAr from '../packages/web/src/features/households/locales/ar.json' with { type: 'json' };
import householdsEn from '../packages/web/src/features/households/locales/en.json' with { type: 'json' };
import referralsAr from '../packages/web/src/features/referrals/locales/ar.json' with { type: 'json' };
import referralsEn from '../packages/web/src/features/referrals/locales/en.json' with { type: 'json' };
import { type ApiCall, integrationApi, staffApi } from './api.ts';
import { signIn, toast, typeInPicker, useBrowser } from './browser.ts';

const texts = {
  en: { ...referralsEn, ...householdsEn },
  ar: { ...referralsAr, ...householdsAr },
} as const;
const browser = useBrowser();

/** Picks an option of the select (a combobox) with this id. */
async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

const today = new Date().toISOString().slice(0, 10);
const nextYear = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const stamp = `${lang.toUpperCase()}-${Date.now()}`;

  describe(`referrals and households in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let channel: ApiCall;
    let staff: ApiCall;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      staff = await staffApi(page);
      channel = await integrationApi(page, ['customers', 'transactions']);
    });

    it('creates a referral programme, and shows a friend’s referral rewarded', async () => {
      await page.goto(`/dashboard/referral-programmes/new?lang=${lang}`);
      await page.locator('#referral-programmes_nameEn').fill(`E2E refer a friend ${stamp}`);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.locator('#referral-programmes_nameAr').fill(`ادعُ صديقاً ${stamp}`);
      await page.locator('#referral-programmes_referrerPoints').fill('0');
      await page.locator('#referral-programmes_referredPoints').fill('0');
      await choose(page, '#referral-programmes_qualifying', t.referrals.qualifyings.FIRST_EARNING);
      await page.locator('#referral-programmes_transactionCount').fill('1');
      await page.locator('#referral-programmes_withinDays').fill('30');
      await page.locator('#referral-programmes_monthlyLimit').fill('5');
      await typeInPicker(page, '#referral-programmes_startsOn', today);
      await typeInPicker(page, '#referral-programmes_endsOn', nextYear);
      await page.locator('button[type="submit"]').click();
      // No reward at all: refused with the message on screen.
      await page.getByText(t.referrals.noReward).first().waitFor();
      await page.locator('#referral-programmes_referrerPoints').fill('500');
      await page.locator('#referral-programmes_referredPoints').fill('200');
      await page.locator('button[type="submit"]').click();
      await toast(page, t.referrals.programmes.created);

      const referrer = `E2E-RF-${stamp}`;
      const friend = `E2E-RFF-${stamp}`;
      const referrerUpsert = await channel('PUT', `/customers/${referrer}`, { fullName: 'Referrer' });
      expect(referrerUpsert.status).toBe(201);
      const { id: referrerId } = (await referrerUpsert.json()) as { id: number };
      const { code } = (await (await channel('GET', `/customers/${referrer}/referral-code`)).json()) as {
        code: string;
      };
      const enrolled = await channel('PUT', `/customers/${friend}`, {
        fullName: 'Friend',
        referralCode: code,
      });
      expect(enrolled.status).toBe(201);
      const earned = await channel('POST', '/transactions', {
        externalId: `E2E-RF-${stamp}`,
        customerNumber: friend,
        transactionTypeCode: 'CARD_SPEND',
        amount: 100,
      });
      expect(earned.status).toBe(201);
      await page.goto(`/dashboard/referrals?lang=${lang}&q=${code}`);
      const row = page.locator('tr', { hasText: friend });
      await row.getByTestId('referral-status').getByText(t.referrals.statuses.REWARDED).waitFor();
      await page.goto(`/dashboard/referrals/cost?lang=${lang}`);
      await page.getByText(t.referrals.cost.chart).first().waitFor();

      // Customer info: the referrer's code and the friend's referral with its status; the friend's referrer.
      await page.goto(`/dashboard/customer/info?id=${referrerId}&lang=${lang}`);
      await page.getByRole('tab', { name: t.referrals.customer.tab, exact: true }).click();
      await page.getByTestId('customer-referral-code').getByText(code).waitFor();
      await page
        .getByTestId('customer-referrals-made')
        .locator('tr', { hasText: friend })
        .getByText(t.referrals.statuses.REWARDED)
        .waitFor();
      const friendId = ((await enrolled.json()) as { id: number }).id;
      await page.goto(`/dashboard/customer/info?id=${friendId}&lang=${lang}`);
      await page.getByRole('tab', { name: t.referrals.customer.tab, exact: true }).click();
      await page.getByTestId('customer-referred-by').getByText(referrer).waitFor();
    });

    it('pools a household to its head from the customer’s Household tab', async () => {
      const head = `E2E-HH-${stamp}`;
      const member = `E2E-HM-${stamp}`;
      const upsert = await channel('PUT', `/customers/${head}`, { fullName: 'Head of family' });
      const { id } = (await upsert.json()) as { id: number };
      expect((await channel('PUT', `/customers/${member}`, { fullName: 'Family member' })).status).toBe(201);
      const household = await staff('POST', '/households', { name: `Family ${stamp}`, headNumber: head });
      expect(household.status).toBe(201);
      const { id: householdId } = (await household.json()) as { id: number };
      expect(
        (await staff('POST', `/households/${householdId}/members`, { customerNumber: member })).status,
      ).toBe(200);
      for (const n of [head, member])
        expect((await channel('POST', `/customers/${n}/household-consent`, {})).status).toBe(200);
      const earned = await channel('POST', '/transactions', {
        externalId: `E2E-HM-${stamp}`,
        customerNumber: member,
        transactionTypeCode: 'CARD_SPEND',
        amount: 100,
      });
      expect(earned.status).toBe(201);

      await page.goto(`/dashboard/customer/info?id=${id}&lang=${lang}`);
      await page.getByRole('tab', { name: t.households.tab }).click();
      await page.getByRole('button', { name: t.households.pool }).click();
      await page.getByText(t.households.poolHelp).waitFor();
      await page.getByRole('dialog').getByRole('button', { name: t.households.pool }).click();
      await toast(page, t.households.pooled);
      // The transfer from the member to the head is listed.
      await page.getByRole('row').filter({ hasText: member }).filter({ hasText: head }).first().waitFor();
    });
  });
}
