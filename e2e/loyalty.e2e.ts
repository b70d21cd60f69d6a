import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import customersAr from '../packages/web/src/features/customers/locales/ar.json' with { type: 'json' };
import customersEn from '../packages/web/src/features/customers/locales/en.json' with { type: 'json' };
import loyaltyAr from '../packages/web/src/features/loyalty/locales/ar.json' with { type: 'json' };
import loyaltyEn from '../packages/web/src/features/loyalty/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { integrationApi, staffApi } from './api.ts';
import { signIn, toast, typeInPicker, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...loyaltyEn, ...customersEn },
  ar: { ...ar, ...loyaltyAr, ...customersAr },
} as const;
const browser = useBrowser();

/** Picks an option of the select (a combobox) with this id. */
async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const code = `E2E_${lang.toUpperCase()}`;

  describe(`loyalty engine in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('creates a transaction type, refusing an empty form with the spec message', async () => {
      await page.goto(`/dashboard/loyalty/transaction-create?lang=${lang}`);
      await page.locator('#transaction-types_name').waitFor();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.fillAllFields);
      await page.locator('#transaction-types_name').fill(`Spend ${lang}`);
      await page.locator('#transaction-types_description').fill('End-to-end card spend');
      await choose(page, '#transaction-types_type', t.transactionTypes.kinds.EARN);
      await page.locator('#transaction-types_code').fill(code);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.transactionTypes.created);
      await page.waitForURL(/\/dashboard\/loyalty\/transaction\?/);
    });

    it("adds a rule with the spec messages: 'All fields are required', then 'points rule added'", async () => {
      await page.goto(`/dashboard/create-rules?lang=${lang}`);
      await page.locator('#points-rules_amount').waitFor();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.ruleFieldsRequired);
      await choose(page, '#points-rules_transactionTypeId', `Spend ${lang} (${code})`);
      await choose(page, '#points-rules_condition', t.pointsRules.conditions.PER_EACH);
      for (const [field, value] of [
        ['amount', '10'],
        ['pointsPerTransaction', '2'],
        ['minPoints', '1'],
        ['maxPoints', '50000'],
        ['priority', '3'],
      ] as const) {
        await page.locator(`#points-rules_${field}`).fill(value);
      }
      await typeInPicker(page, '#points-rules_validFrom', '2020-01-01');
      await typeInPicker(page, '#points-rules_validUntil', '2099-12-31');
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.ruleAdded);
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });

    const number = `E2E-${lang}`;

    it('shows what a channel posts on customer info: balance, ledger, and a reversal', async () => {
      const call = await integrationApi(page, ['customers', 'transactions', 'balance']);
      const upsert = await call('PUT', `/customers/${number}`, { fullName: `E2E Customer ${lang}` });
      const { id } = await upsert.json();
      const earned = await call('POST', '/transactions', {
        externalId: `e2e-${lang}-1`,
        customerNumber: number,
        transactionTypeCode: code,
        amount: 250,
      });
      expect((await earned.json()).pointsAwarded).toBe(50);

      await page.goto(`/dashboard/customer?lang=${lang}&q=${number}`);
      await page.getByTestId('customers-table').getByText(`E2E Customer ${lang}`).click();
      await page.waitForURL(new RegExp(`customer/info\\?.*id=${id}`));
      await page.getByText('50', { exact: true }).first().waitFor();
      await page.getByText(`txn:e2e-${lang}-1`).waitFor();

      await page.getByRole('button', { name: t.customers.actions.reverse }).click();
      await page.getByRole('dialog').getByRole('textbox').fill('e2e chargeback');
      await page.getByRole('dialog').getByRole('button', { name: t.common.save }).click();
      await toast(page, t.customers.reversed);
      await page.getByText(t.customers.ledger.reversed).first().waitFor();
    });

    it('moves the customer up a tier, then redeems a voucher on their behalf', async () => {
      const call = await integrationApi(page, ['customers', 'transactions', 'balance']);
      const { id } = await (
        await call('PUT', `/customers/${number}`, { fullName: `E2E Customer ${lang}` })
      ).json();
      // 2 points per 10 spent: 6,000 points reach the demo programme's Silver tier (5,000).
      const earned = await call('POST', '/transactions', {
        externalId: `e2e-${lang}-2`,
        customerNumber: number,
        transactionTypeCode: code,
        amount: 30_000,
      });
      expect(await earned.json()).toMatchObject({ pointsAwarded: 6000, balance: 6000, tier: 'Silver' });

      await page.goto(`/dashboard/customer/info?id=${id}&lang=${lang}`);
      await page.getByText('6,000', { exact: true }).first().waitFor();
      const staff = await staffApi(page);
      const tiers = (await (await staff('GET', '/tiers?pageSize=100')).json()) as {
        items: { name: string; nameAr: string }[];
      };
      const silver = tiers.items.find((tier) => tier.name === 'Silver');
      // The customer's card names the tier in the screen's language; the history keeps the name of the day.
      await page
        .getByText(lang === 'ar' && silver?.nameAr ? silver.nameAr : 'Silver', { exact: true })
        .first()
        .waitFor();
      await page.getByRole('tab', { name: t.customers.tabs.tierHistory }).click();
      await page.getByRole('tabpanel').getByText('Silver', { exact: true }).waitFor();

      const vouchers = (await (await staff('GET', '/vouchers?status=ACTIVE&pageSize=100')).json()) as {
        items: { name: string; nameAr: string; pointsRequired: number }[];
      };
      const cheapest = vouchers.items.reduce((a, b) => (b.pointsRequired < a.pointsRequired ? b : a));
      expect(cheapest.pointsRequired).toBeLessThanOrEqual(6000);
      await page.getByRole('button', { name: t.customers.actions.redeem }).click();
      const dialog = page.getByRole('dialog');
      // Voucher names show in the screen's language (the demo's have Arabic).
      const shownName = lang === 'ar' && cheapest.nameAr ? cheapest.nameAr : cheapest.name;
      await dialog.getByRole('combobox').click();
      // The select shows the first page of vouchers and searches the server as one types.
      await dialog.getByRole('combobox').fill(cheapest.name);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: `${shownName} · ${cheapest.pointsRequired}`, exact: true })
        .click();
      await dialog.getByRole('button', { name: t.customers.actions.redeem }).click();
      await toast(page, t.customers.redeemed);
      await page
        .getByText((6000 - cheapest.pointsRequired).toLocaleString('en-US'), { exact: true })
        .first()
        .waitFor();
      await page.getByRole('tab', { name: t.customers.tabs.redemptions }).click();
      await page.getByRole('tabpanel').getByText(shownName, { exact: true }).waitFor();
    });
  });
}
