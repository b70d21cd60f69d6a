import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import configurationAr from '../packages/web/src/features/configuration/locales/ar.json' with {
  type: 'json',
};
import configurationEn from '../packages/web/src/features/configuration/locales/en.json' with {
  type: 'json',
};
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { type ApiCall, integrationApi, staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...configurationEn }, ar: { ...ar, ...configurationAr } } as const;
const browser = useBrowser();
/** Screenshots of the screens, for review (SCREENSHOTS_DIR, default the OS temp folder). */
const shots =
  process.env.SCREENSHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'configuration-e2e-shots');
mkdirSync(shots, { recursive: true });

/** Picks options of the select (a combobox) with this id. */
async function choose(page: Page, selector: string, ...options: string[]) {
  await page.locator(selector).click();
  for (const option of options) {
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

/** Whether the app, calling with this key, is told the feature is on. */
async function told(app: ApiCall, code: string): Promise<boolean | undefined> {
  const res = await app('GET', '/features');
  expect(res.status).toBe(200);
  const body = (await res.json()) as { features: { code: string; enabled: boolean }[] };
  return body.features.find((f) => f.code === code)?.enabled;
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const f = t.configuration.features;
  const stamp = `${lang}-${Date.now().toString(36)}`;

  describe(`customer-app features in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('switches a feature off for one channel, then for all: the integration API tells each channel', async () => {
      // This test's own feature, so no other test's calls are refused.
      const code = `e2e-${stamp}`;
      const name = lang === 'ar' ? `ميزة الاختبار ${stamp}` : `E2E feature ${stamp}`;
      const staff = await staffApi(page);
      const created = await staff('POST', '/customer-permissions', {
        code,
        name,
        description: 'Switched by the browser test',
        status: 'ACTIVE',
      });
      expect(created.status).toBe(201);
      const pos = await integrationApi(page, ['balance'], 'POS');
      const mobile = await integrationApi(page, ['balance'], 'MOBILE_APP');
      expect(await told(pos, code)).toBe(true);

      await page.goto(`/dashboard/MasterDataManagement/Features?lang=${lang}&q=${code}`);
      const row = page.getByTestId('features-table').locator('tr', { hasText: name });
      await row.waitFor();
      const posSwitch = row.getByRole('switch', {
        name: f.onChannel.replace('{{name}}', name).replace('{{channel}}', t.channels.POS),
      });
      expect(await posSwitch.getAttribute('aria-checked')).toBe('true');
      await page.screenshot({ path: path.join(shots, `${lang}-features.png`), fullPage: true });

      await posSwitch.click();
      await toast(page, f.saved);
      await expect.poll(() => posSwitch.getAttribute('aria-checked')).toBe('false');
      expect(await told(pos, code)).toBe(false);
      expect(await told(mobile, code)).toBe(true);

      // Off for every channel: the per-channel switches wait until it is on again.
      await row.getByRole('switch', { name: f.allChannels.replace('{{name}}', name) }).click();
      await toast(page, f.saved);
      const mobileSwitch = row.getByRole('switch', {
        name: f.onChannel.replace('{{name}}', name).replace('{{channel}}', t.channels.MOBILE_APP),
      });
      await expect.poll(() => mobileSwitch.isDisabled()).toBe(true);
      expect(await told(mobile, code)).toBe(false);
      await page.screenshot({ path: path.join(shots, `${lang}-features-off.png`), fullPage: true });

      // Audited as the feature's command.
      const audit = await staff('GET', `/admin-logs?command=feature.update&targetType=feature`);
      expect(audit.status).toBe(200);
      expect(((await audit.json()) as { total: number }).total).toBeGreaterThanOrEqual(2);
    });

    it('defines which channels may use a service: the integration API refuses the others', async () => {
      const d = t.configuration.serviceDefinitions;
      const staff = await staffApi(page);
      // Not the POS: the demo switches the FAQ off there (a feature), which would answer first.
      const pos = await integrationApi(page, ['content'], 'CALL_CENTRE');
      const mobile = await integrationApi(page, ['content'], 'MOBILE_APP');
      const faq = (api: ApiCall) => api('GET', '/content/faqs?lang=en');
      const name = `FAQ and content ${stamp}`;
      try {
        await page.goto(`/dashboard/ServiceDefinitionConfigurations/Create?lang=${lang}`);
        await choose(page, '#service-definitions_service', d.services['read-content']);
        await page.locator('#service-definitions_nameEn').fill(name);
        await page.locator('#service-definitions_nameAr').fill(`المحتوى ${stamp}`);
        await choose(page, '#service-definitions_channels', t.channels.MOBILE_APP);
        await choose(page, '#service-definitions_status', t.common.status.ACTIVE);
        // A daily limit does not apply to reading content: refused on its field, nothing sent.
        await page.locator('#service-definitions_dailyCountLimit').fill('5');
        await page.locator('button[type="submit"]').click();
        await page
          .locator('.ant-form-item', { has: page.locator('#service-definitions_dailyCountLimit') })
          .locator('.ant-form-item-explain-error')
          .waitFor();
        await page.screenshot({
          path: path.join(shots, `${lang}-service-definition-form.png`),
          fullPage: true,
        });
        await page.locator('#service-definitions_dailyCountLimit').fill('');
        await page.locator('button[type="submit"]').click();
        await toast(page, d.created);
        await page.waitForURL(/\/dashboard\/ServiceDefinitionConfigurations\?/);

        const refused = await faq(pos);
        expect(refused.status).toBe(403);
        expect(((await refused.json()) as { code: string }).code).toBe('SERVICE_NOT_ALLOWED');
        expect((await faq(mobile)).status).toBe(200);

        // Allow the call centre too.
        const row = page
          .getByTestId('service-definitions-table')
          .locator('tr', { hasText: lang === 'ar' ? `المحتوى ${stamp}` : name });
        await row.getByText(t.channels.MOBILE_APP).waitFor();
        await page.screenshot({ path: path.join(shots, `${lang}-service-definitions.png`), fullPage: true });
        await row.getByRole('button', { name: t.common.edit }).click();
        await choose(page, '#service-definitions_channels', t.channels.CALL_CENTRE);
        await page.locator('button[type="submit"]').click();
        await toast(page, d.updated);
        expect((await faq(pos)).status).toBe(200);

        // Deleted: the service is open to every channel again.
        await page.goto(
          `/dashboard/ServiceDefinitionConfigurations?lang=${lang}&q=${encodeURIComponent(stamp)}`,
        );
        await row.getByRole('button', { name: t.common.delete }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(d.deleteConfirm).waitFor();
        await dialog.getByRole('button', { name: t.msg.confirmYes }).click();
        await toast(page, d.deleted);
      } finally {
        // Whatever happened above, leave no definition for the next tests.
        const left = (await (await staff('GET', '/service-definitions?q=read-content')).json()) as {
          items: { id: number }[];
        };
        for (const def of left.items) await staff('DELETE', `/service-definitions/${def.id}`);
      }
    });

    it('refuses an ineligible customer’s earning, explains it on the check panel, and stops when disabled', async () => {
      const e = t.configuration.eligibility;
      const staff = await staffApi(page);
      const app = await integrationApi(page, ['customers', 'transactions']);
      const number = `ELIG-${stamp}`;
      const name = lang === 'ar' ? `الأفراد فقط ${stamp}` : `Retail only ${stamp}`;
      let n = 0;
      const earn = () =>
        app('POST', '/transactions', {
          externalId: `elig-${stamp}-${++n}`,
          customerNumber: number,
          transactionTypeCode: 'CARD_SPEND',
          amount: 100,
        });
      expect(
        (
          await app('PUT', `/customers/${number}`, {
            fullName: 'Trading Est.',
            segment: 'BUSINESS',
            nationality: 'SA',
          })
        ).status,
      ).toBe(201);
      expect((await earn()).status).toBe(201);
      try {
        await page.goto(`/dashboard/BusinessConfigurations/EligibilityCriteria/Create?lang=${lang}`);
        await page.locator('#eligibility-criteria_nameEn').fill(`Retail only ${stamp}`);
        await page.locator('#eligibility-criteria_nameAr').fill(`الأفراد فقط ${stamp}`);
        await choose(page, '#eligibility-criteria_scope', e.scopes.EARN);
        await choose(page, '#eligibility-criteria_field', e.fields.segment);
        await choose(page, '#eligibility-criteria_operator', e.operators.in);
        await choose(page, '#eligibility-criteria_value', e.values.segment.RETAIL);
        await page.screenshot({ path: path.join(shots, `${lang}-criterion-form.png`), fullPage: true });
        await page.locator('button[type="submit"]').click();
        await toast(page, e.created);
        await page.waitForURL(/\/dashboard\/BusinessConfigurations\/EligibilityCriteria\?/);

        const refused = await earn();
        expect(refused.status).toBe(409);
        const problem = (await refused.json()) as { code: string; detail: string };
        expect(problem.code).toBe('NOT_ELIGIBLE');
        expect(problem.detail).toContain(`Retail only ${stamp}`);

        // The check panel explains it.
        const panel = page.getByTestId('eligibility-check');
        await panel.getByLabel(e.check.customerNumber).fill(number);
        await panel.getByRole('button', { name: e.check.run }).click();
        const row = panel.getByTestId('eligibility-check-table').locator('tr', { hasText: name });
        await row.getByText(e.check.fails).waitFor();
        await panel.getByTestId('eligible-EARN').getByText(e.check.notEligible).waitFor();
        await page.screenshot({ path: path.join(shots, `${lang}-criteria-check.png`), fullPage: true });

        // Disabled: the customer earns again.
        const listed = page.getByTestId('eligibility-criteria-table').locator('tr', { hasText: name });
        await listed.getByRole('button', { name: t.common.edit }).click();
        await choose(page, '#eligibility-criteria_status', t.common.status.DISABLED);
        await page.locator('button[type="submit"]').click();
        await toast(page, e.updated);
        expect((await earn()).status).toBe(201);
      } finally {
        const left = (await (
          await staff('GET', `/eligibility-criteria?q=${encodeURIComponent(stamp)}`)
        ).json()) as {
          items: { id: number }[];
        };
        for (const k of left.items) await staff('DELETE', `/eligibility-criteria/${k.id}`);
      }
    });
  });
}
