import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import adminAr from '../packages/web/src/features/admin/locales/ar.json' with { type: 'json' };
import adminEn from '../packages/web/src/features/admin/locales/en.json' with { type: 'json' };
import authAr from '../packages/web/src/features/auth/locales/ar.json' with { type: 'json' };
import authEn from '../packages/web/src/features/auth/locales/en.json' with { type: 'json' };
import employeesAr from '../packages/web/src/features/employees/locales/ar.json' with { type: 'json' };
import employeesEn from '../packages/web/src/features/employees/locales/en.json' with { type: 'json' };
import securityAr from '../packages/web/src/features/security/locales/ar.json' with { type: 'json' };
import securityEn from '../packages/web/src/features/security/locales/en.json' with { type: 'json' };
import appAr from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import appEn from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...appEn, ...adminEn, ...authEn, ...employeesEn, ...securityEn },
  ar: { ...appAr, ...adminAr, ...authAr, ...employeesAr, ...securityAr },
} as const;
const browser = useBrowser();

/** Picks `option` in the select (a combobox) of the form item whose control id is `id`. */
async function choose(page: Page, id: string, option: string) {
  await page.locator(`#${id}`).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const username = `officer_${lang}`;

  describe(`staff security in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('applies the NIST/ASVS preset to the credential policy, then PCI DSS again', async () => {
      await page.goto(`/dashboard/security/credential?lang=${lang}`);
      const preset = page.getByTestId('preset');
      await expect.poll(() => preset.textContent()).toBe(t.security.credential.presets.PCI_DSS);
      for (const name of ['NIST_ASVS', 'PCI_DSS'] as const) {
        await page
          .getByRole('button', {
            name: t.security.credential.apply.replace('{{preset}}', t.security.credential.presets[name]),
          })
          .click();
        await page.locator('button[type="submit"]').click();
        await toast(page, t.security.saved);
        await expect.poll(() => preset.textContent()).toBe(t.security.credential.presets[name]);
      }
    });

    it('creates a staff user, who is invited by e-mail, and lists them', async () => {
      await page.goto(`/dashboard/employee/create-user?lang=${lang}`);
      await page.locator('#users_username').fill(username);
      await page.locator('#users_fullName').fill(`Officer ${lang}`);
      await page.locator('#users_email').fill(`${username}@bank.example`);
      // Role names show in the page's language (issue 20).
      await choose(page, 'users_roleId', lang === 'en' ? 'Super administrator' : 'المشرف العام');
      await choose(page, 'users_status', t.common.status.ACTIVE);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.employees.users.created);
      await page.waitForURL(/employee\/users/);
      await page.getByRole('cell', { name: username, exact: true }).waitFor();
    });

    it('shows the signed-in user’s profile, second factor and sessions on the admin screen', async () => {
      await page.goto(`/dashboard/admin?lang=${lang}`);
      await page.getByText(t.admin.profile.title).waitFor();
      await page.getByText(t.admin.secondFactor.off).waitFor();
      await page.getByText(t.admin.sessions.current).first().waitFor();
    });

    it('asks for the username on the forgotten-password page and answers the same way for anyone', async () => {
      const visitor = await browser.page();
      await visitor.goto(`/forget-password?lang=${lang}`);
      await visitor.locator('#forgot_username').fill('nobody-at-all');
      await visitor.locator('button[type="submit"]').click();
      await visitor.getByText(t.auth.forgotSentTitle).waitFor();
      expect(await visitor.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    });
  });
}
