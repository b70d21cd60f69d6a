import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import challengesAr from '../packages/web/src/features/challenges/locales/ar.json' with { type: 'json' };
import challengesEn from '../packages/web/src/features/challenges/locales/en.json' with { type: 'json' };
import loyaltyAr from '../packages/web/src/features/loyalty/locales/ar.json' with { type: 'json' };
import loyaltyEn from '../packages/web/src/features/loyalty/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { type ApiCall, integrationApi, staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...challengesEn, ...loyaltyEn },
  ar: { ...ar, ...challengesAr, ...loyaltyAr },
} as const;
const browser = useBrowser();

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const nameEn = `E2E three card purchases ${lang} ${Date.now()}`;
  const nameAr = `ثلاث مشتريات تجريبية ${lang}`;
  const customer = `E2E-CHL-${lang.toUpperCase()}-${Date.now()}`;

  describe(`challenges in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let staff: ApiCall;
    let channel: ApiCall;
    let challengeId: number;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
      staff = await staffApi(page);
      channel = await integrationApi(page, ['customers', 'transactions']);
      const res = await channel('PUT', `/customers/${customer}`, { fullName: `Challenger ${lang}` });
      expect(res.status).toBeLessThan(300);
    });

    it('refuses a budget below the reward with the message on screen, then creates the challenge', async () => {
      await page.goto(`/dashboard/Challenges/New?lang=${lang}`);
      await page.locator('#challenge_nameEn').fill(nameEn);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.locator('#challenge_nameAr').fill(nameAr);
      await page.locator('#challenge_steps_0_target').fill('3');
      await page.locator('#challenge_steps_0_points').fill('300');
      await page.locator('#challenge_budget').fill('100');
      await page.locator('#challenge_customerList').fill(customer);
      await page.locator('button[type="submit"]').click();
      await page.getByText(t.challenges.validation.budgetBelowReward).first().waitFor();
      await page.locator('#challenge_budget').fill('3000');
      await page.locator('button[type="submit"]').click();
      await toast(page, t.challenges.created);
      await page.waitForURL(/\/dashboard\/Challenges\/\d+/);
      challengeId = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByTestId('challenge-status').getByText(t.challenges.statuses.DRAFT).waitFor();
      await page.getByRole('button', { name: t.challenges.actions.activate }).click();
      await toast(page, t.challenges.actions.activateDone);
      await page.getByTestId('challenge-status').getByText(t.challenges.statuses.ACTIVE).waitFor();
    });

    const earn = async (i: number) => {
      const res = await channel('POST', '/transactions', {
        externalId: `${customer}-${i}`,
        customerNumber: customer,
        transactionTypeCode: 'CARD_SPEND',
        amount: 250,
      });
      expect(res.status).toBe(201);
    };

    it("explains the challenge's progress in the points rules' simulate panel", async () => {
      await earn(0);
      await earn(1);
      await page.goto(`/dashboard/loyalty/rules?lang=${lang}`);
      await page.locator('#simulate_transactionTypeId').click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: /CARD_SPEND/ })
        .first()
        .click();
      await page.locator('#simulate_customerNumber').fill(customer);
      await page.locator('#simulate_amount').fill('250');
      await page.locator('form#simulate button[type="submit"]').click();
      const line = page
        .getByTestId('simulate-challenge')
        .filter({ hasText: lang === 'en' ? nameEn : nameAr });
      // Two of three counted: this one is the third, and reaches the step.
      await line
        .getByText(t.challenges.simulate.pays.replace('{{steps}}', '1').replace('{{points}}', '300'))
        .waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });

    it("shows the customer's progress on customer info and the funnel on the challenge's page", async () => {
      await earn(2);
      const found = (await (await staff('GET', `/customers?q=${customer}`)).json()) as {
        items: { id: number }[];
      };
      const id = found.items[0]?.id;
      await page.goto(`/dashboard/customer/info?id=${id}&lang=${lang}`);
      await page.getByRole('tab', { name: t.challenges.tab }).click();
      const progress = page.getByTestId(`challenge-progress-${challengeId}`);
      await progress.waitFor();
      await page.getByTestId('customer-challenges').getByText(t.challenges.customer.completed).waitFor();
      await page.goto(`/dashboard/Challenges/${challengeId}?lang=${lang}`);
      await page.getByTestId('challenge-cost').getByText('300 / 3,000').waitFor();
      // Its participants: the export holds this challenge's only (the demo's others have theirs).
      await page
        .getByTestId('challenge-participants-table')
        .locator('tbody tr[data-row-key]')
        .first()
        .waitFor();
      await page.getByRole('button', { name: t.common.export }).click();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByText(t.common.exportCsv, { exact: true }).click(),
      ]);
      const file = parse(readFileSync(await download.path()), { bom: true, columns: true }) as {
        challengeId: string;
        customerNumber: string;
      }[];
      expect(file.map((r) => [r.challengeId, r.customerNumber])).toEqual([[String(challengeId), customer]]);
      // Searched by the customer; a row opens their info.
      await page.getByLabel(t.challenges.participations.search).fill(customer);
      await page.getByLabel(t.challenges.participations.search).press('Enter');
      await page.waitForURL(new RegExp(`q=${customer}`));
      const row = page.getByTestId('challenge-participants-table').locator('tbody tr', { hasText: customer });
      await row.waitFor();
      expect(await page.getByTestId('challenge-participants-table').locator('tbody tr').count()).toBe(1);
      await row.click();
      await page.waitForURL(new RegExp(`customer/info\\?id=${id}`));
    });

    it('creates a challenge whose step rewards a catalogue voucher; the customer gets its code', async () => {
      const vouchers = (await (
        await staff('GET', '/vouchers?status=ACTIVE&available=true&pageSize=1')
      ).json()) as {
        items: { name: string; nameAr: string }[];
      };
      const voucher = vouchers.items[0];
      if (!voucher) throw new Error('the demo catalogue has no available voucher');
      const voucherName = lang === 'ar' && voucher.nameAr ? voucher.nameAr : voucher.name;
      const name = `E2E voucher challenge ${lang} ${Date.now()}`;
      await page.goto(`/dashboard/Challenges/New?lang=${lang}`);
      await page.locator('#challenge_nameEn').fill(name);
      await page.locator('#challenge_nameAr').fill(`تحدي القسيمة ${lang}`);
      await page.locator('#challenge_steps_0_target').fill('1');
      await page.locator('#challenge_steps_0_reward').click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: t.challenges.rewards.VOUCHER, exact: true })
        .click();
      const select = page.locator('#challenge_steps_0_voucherId');
      await select.click();
      await select.fill(voucher.name.slice(0, 12));
      await page
        .getByRole('listbox')
        .getByRole('option', { name: new RegExp(voucherName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
        .first()
        .click();
      await page.locator('#challenge_budget').fill('100000');
      await page.locator('#challenge_customerList').fill(customer);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.challenges.created);
      await page.waitForURL(/\/dashboard\/Challenges\/\d+/);
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByTestId('challenge-steps').getByText(voucherName, { exact: false }).waitFor();
      await page.getByRole('button', { name: t.challenges.actions.activate }).click();
      await toast(page, t.challenges.actions.activateDone);
      await earn(3);
      const mine = (await (await channel('GET', `/customers/${customer}/challenges`)).json()) as {
        items: { id: number; vouchers: { code: string }[] }[];
      };
      const code = mine.items.find((c) => c.id === id)?.vouchers[0]?.code;
      expect(code).toBeTruthy();
      const found = (await (await staff('GET', `/customers?q=${customer}`)).json()) as {
        items: { id: number }[];
      };
      await page.goto(`/dashboard/customer/info?id=${found.items[0]?.id}&lang=${lang}`);
      await page.getByRole('tab', { name: t.challenges.tab }).click();
      await page
        .getByTestId(`challenge-rewards-${id}`)
        .getByText(code ?? '')
        .waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });
  });
}
