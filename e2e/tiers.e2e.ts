import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en, ar } as const;
const browser = useBrowser();

/** A toast with this text appears. */
async function fillTier(
  page: Page,
  values: { name?: string; description?: string; min?: string; max?: string },
) {
  const fields: [string, string | undefined][] = [
    ['#tiers_name', values.name],
    ['#tiers_description', values.description],
    ['#tiers_minPoints', values.min],
    ['#tiers_maxPoints', values.max],
  ];
  for (const [selector, value] of fields) {
    if (value !== undefined) await page.locator(selector).fill(value);
  }
}

/** The table row whose name cell is exactly this name. */
const row = (page: Page, name: string) =>
  page
    .getByTestId('tiers-table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const suffix = lang === 'en' ? 'Diamond' : 'ماسي';
  // The demo tiers' names as the list shows them in this language.
  const [gold, platinum] = lang === 'en' ? ['Gold', 'Platinum'] : ['ذهبي', 'بلاتيني'];

  describe(`tiers in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('shows the page in the chosen language and direction', async () => {
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}`);
      await row(page, gold).waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    });

    it('validates with the spec messages before sending anything', async () => {
      await page.goto(`/dashboard/create-tire?lang=${lang}`);
      await page.locator('#tiers_name').waitFor();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.fillAllFields);

      await fillTier(page, { name: `T-${suffix}`, description: 'x', min: '5000', max: '100' });
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.minLessThanMax);
    });

    it('refuses an overlapping range with the create error', async () => {
      await fillTier(page, { name: `T-${suffix}`, description: 'x', min: '100', max: '200' });
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.tierCreateFailed);
    });

    it('edits a tier, and an unchanged edit says no changes were detected', async () => {
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}`);
      await row(page, platinum).getByRole('button', { name: t.common.edit }).click();
      await page.waitForURL(/\/dashboard\/edit-tire\/\d+\?.*lang=/);
      await page.locator('#tiers_maxPoints').waitFor();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.noChangesDetected);

      const max = lang === 'en' ? '99999' : '89999';
      await fillTier(page, { max });
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.tierUpdated);
      await row(page, platinum).waitFor();
      expect(await row(page, platinum).textContent()).toMatch(/99,?999|89,?999/);
    });

    it('creates a tier in the freed range and deletes it after confirmation', async () => {
      await page.goto(`/dashboard/create-tire?lang=${lang}`);
      const [min, max] = lang === 'en' ? ['100000', '199999'] : ['200000', '299999'];
      await fillTier(page, { name: suffix, description: `${suffix} members`, min, max });
      await page.locator('button[type="submit"]').click();
      await toast(page, t.msg.tierCreated);
      await page.waitForURL(/\/dashboard\/loyalty\/tire/);
      expect(page.url()).toContain(`lang=${lang}`);
      await row(page, suffix).waitFor();

      await row(page, suffix).getByRole('button', { name: t.common.delete }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(t.msg.tierDeleteConfirm).waitFor();
      await dialog.getByRole('button', { name: t.msg.confirmYes }).click();
      await row(page, suffix).waitFor({ state: 'detached' });
    });

    it('searches on the server and shows the empty state', async () => {
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}&q=no-such-tier`);
      await page.getByText(t.msg.noRecordsFound).waitFor();
    });
  });
}
