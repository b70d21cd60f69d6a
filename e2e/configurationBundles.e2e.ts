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
import { staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...configurationEn }, ar: { ...ar, ...configurationAr } } as const;
const browser = useBrowser();
const shots =
  process.env.SCREENSHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'configuration-e2e-shots');
mkdirSync(shots, { recursive: true });

async function choose(page: Page, selector: string, option: string) {
  await page.locator(selector).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

/**
 * Picks an item's type and waits for the value field of that type: a number type's field replaces
 * the text field, and text typed before the swap would land in the field being removed.
 */
async function chooseType(page: Page, label: string, numeric: boolean) {
  await choose(page, '#config-item_type', label);
  const number = '[role="spinbutton"]';
  await page.locator(numeric ? `#config-item_value${number}` : `#config-item_value:not(${number})`).waitFor();
}

/** The error antd shows under the form field with this id. */
const fieldError = (page: Page, id: string) =>
  page.locator('.ant-form-item', { has: page.locator(`#${id}`) }).locator('.ant-form-item-explain-error');

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const b = t.configuration.bundles;
  const stamp = `${lang}${Date.now().toString(36)}`;

  describe(`system configuration bundles in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('lists the system bundles with their bilingual descriptions', async () => {
      await page.goto(`/dashboard/SystemConfigurations?lang=${lang}`);
      const name = lang === 'ar' ? 'محرك الولاء' : 'Loyalty engine';
      const row = page.locator('tr', { hasText: name });
      await row.waitFor();
      await row.getByText(b.system).waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-bundles.png`), fullPage: true });
    });

    it('creates a bundle, adds typed items (checked, a secret masked), edits one and restores its previous version', async () => {
      const code = `e2e${stamp}`;
      const nameEn = `Branch kiosk ${stamp}`;
      const nameAr = `أكشاك الفروع ${stamp}`;
      await page.goto(`/dashboard/SystemConfigurations/CreateBundle?lang=${lang}`);
      await page.locator('#config-bundles_code').fill(code);
      await page.locator('#config-bundles_nameEn').fill(nameEn);
      await page.locator('#config-bundles_nameAr').fill(nameAr);
      await page.locator('#config-bundles_descriptionEn').fill('Settings of the self-service kiosks');
      await page.locator('#config-bundles_descriptionAr').fill('إعدادات أكشاك الخدمة الذاتية');
      await page.screenshot({ path: path.join(shots, `${lang}-bundle-form.png`), fullPage: true });
      await page.locator('button[type="submit"]').click();
      await toast(page, b.created);

      const staff = await staffApi(page);
      const found = (await (await staff('GET', `/config-bundles?q=${code}`)).json()) as {
        items: { id: number }[];
      };
      const id = found.items[0]?.id as number;
      await page.goto(`/dashboard/SystemConfigurations/Bundle/${id}?lang=${lang}`);
      await page
        .getByText(lang === 'ar' ? nameAr : nameEn)
        .first()
        .waitFor();
      await page.getByTestId('configure-bundle').click();
      await page.waitForURL(new RegExp(`/dashboard/SystemConfigurations/ConfigureBundle/${id}`));

      // A whole number with a range: out of range is refused on the field, nothing sent.
      await page.locator('#config-item_key').fill(`kiosk.idleSeconds${stamp}`);
      await chooseType(page, b.types.INTEGER, true);
      await page.locator('#config-item_validation_min').fill('10');
      await page.locator('#config-item_validation_max').fill('600');
      await page.locator('#config-item_value').fill('5');
      await page.getByTestId('item-save').click();
      await fieldError(page, 'config-item_value').getByText(b.messages.configValueOutOfRange).waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-item-refused.png`), fullPage: true });
      await page.locator('#config-item_value').fill('90');
      await page.getByTestId('item-save').click();
      await toast(page, b.itemCreated);
      await page.getByTestId(`value-kiosk.idleSeconds${stamp}`).getByText('90').waitFor();
      // The form is emptied for the next item (its range too) before the next one is typed.
      await expect.poll(() => page.locator('#config-item_key').inputValue()).toBe('');

      // A key another item has: the server's refusal is shown on the key.
      await page.locator('#config-item_key').fill('loyalty.expiryMonths');
      await chooseType(page, b.types.INTEGER, true);
      await page.locator('#config-item_value').fill('3');
      await page.getByTestId('item-save').click();
      await fieldError(page, 'config-item_key').getByText(b.messages.configKeyTaken).waitFor();

      // A secret: masked in the list, never sent back.
      const secret = `kiosk-secret-${stamp}`;
      await page.locator('#config-item_key').fill(`kiosk.pin${stamp}`);
      await chooseType(page, b.types.STRING, false);
      await page.locator('#config-item_secret').click();
      await page.locator('#config-item_value').fill(secret);
      await page.getByTestId('item-save').click();
      await toast(page, b.itemCreated);
      await page.getByTestId(`value-kiosk.pin${stamp}`).getByTestId('secret-mask').waitFor();
      expect(await page.content()).not.toContain(secret);
      await page.screenshot({ path: path.join(shots, `${lang}-configure-bundle.png`), fullPage: true });

      // Edit the number: a new version, the history shows the change, restore brings 90 back.
      await page.getByTestId(`edit-kiosk.idleSeconds${stamp}`).click();
      await page.waitForURL(/\/ConfigureBundle\/EditConfiguration\//);
      // The edit form, not the configure screen's "add" form that was there a moment ago.
      await page.getByTestId('item-form').getByText(`kiosk.idleSeconds${stamp}`).waitFor();
      await page.locator('#config-item_value').fill('120');
      await page.getByTestId('item-save').click();
      await toast(page, b.itemUpdated);
      await page.waitForURL(new RegExp(`/dashboard/SystemConfigurations/ConfigureBundle/${id}\\?`));
      await page.screenshot({ path: path.join(shots, `${lang}-item-saved.png`), fullPage: true });
      await page.getByTestId(`value-kiosk.idleSeconds${stamp}`).getByText('120').waitFor();

      await page.goto(`/dashboard/SystemConfigurations/Bundle/${id}?lang=${lang}`);
      const history = page.getByTestId('version-history');
      await history.getByTestId('version-diff').first().waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-bundle-history.png`), fullPage: true });
      await history.getByTestId(`restore-kiosk.idleSeconds${stamp}-1`).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: b.restore }).click();
      await toast(page, b.restored);
      await page.getByTestId(`value-kiosk.idleSeconds${stamp}`).getByText('90').waitFor();
      expect(await page.content()).not.toContain(secret);
    });
  });
}
