// Issue 20: the keyboard-only walk — sign-in, a list, a form and an approval, with no mouse at all.
// Every step reaches its control with Tab (never a click), and the control shows where focus is.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import loyaltyAr from '../packages/web/src/features/loyalty/locales/ar.json' with { type: 'json' };
import loyaltyEn from '../packages/web/src/features/loyalty/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { type ApiCall, staffApi } from './api.ts';
import { toast, useBrowser } from './browser.ts';

const texts = {
  en: { ...en, ...approvalsEn, ...loyaltyEn },
  ar: { ...ar, ...approvalsAr, ...loyaltyAr },
} as const;
const browser = useBrowser();

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

/** Presses Tab until `target` (or something inside it) has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

/**
 * Whether the focused control is drawn with a focus indicator: an outline or a ring of shadow on it,
 * or antd's focused state on the field around it (`…-focused`: a coloured border and ring).
 */
const focusShown = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return false;
    const style = getComputedStyle(el);
    const drawn =
      (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
    return drawn || !!el.closest('[class*="-focused"]');
  });

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const code = `KB_${lang.toUpperCase()}`;

  describe(`keyboard only, in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let staff: ApiCall;

    beforeAll(async () => {
      page = await browser.page();
    });
    afterAll(async () => {
      await staff?.('PUT', '/maker-checker', {
        enabled: false,
        allowSelfApproval: false,
        services: [{ serviceId: 'transactionType.create', approvalRequired: false }],
      });
    });

    it('signs in: Tab to the username, type, Tab to the password, Enter', async () => {
      const { username, password } = inject('admin');
      await page.goto(`/?lang=${lang}`);
      await tabTo(page, page.locator('#login_username'));
      await page.keyboard.type(username);
      await tabTo(page, page.locator('#login_password'), 1);
      await page.keyboard.type(password);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dashboard/);
      staff = await staffApi(page);
    });

    it('skips the menu, searches a list and opens a record for editing', async () => {
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}`);
      const table = page.getByTestId('tiers-table');
      await table.getByRole('row').nth(2).waitFor();
      // The first stop is the skip link, shown while focused; it lands past the menu.
      const skip = page.getByRole('link', { name: t.common.skipToContent });
      await tabTo(page, skip, 1);
      expect((await skip.boundingBox())?.y).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Enter');
      expect(await isFocused(page.locator('#content'))).toBe(true);

      const search = page.locator('#content').getByRole('searchbox');
      await tabTo(page, search, 5);
      expect(await focusShown(page)).toBe(true);
      await page.keyboard.type('Gold');
      await page.keyboard.press('Enter');
      await page.waitForURL(/q=Gold/);
      await table.locator('tbody tr[data-row-key]').nth(1).waitFor({ state: 'detached' });
      const edit = table
        .locator('tbody tr[data-row-key]')
        .first()
        .getByRole('button', { name: t.common.edit });
      await tabTo(page, edit, 30);
      expect(await focusShown(page)).toBe(true);
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/dashboard\/edit-tire\//);
    });

    it('changes the record in its form and saves it with Enter', async () => {
      const description = page.locator('#tiers_description');
      await description.waitFor();
      await page.locator('#content').focus();
      await tabTo(page, description, 10);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(`Gold, edited by keyboard (${lang})`);
      // Enter in a text area is a new line: Tab on to the form's button.
      await tabTo(page, page.locator('#content button[type="submit"]'), 15);
      expect(await focusShown(page)).toBe(true);
      await page.keyboard.press('Enter');
      await toast(page, t.msg.tierUpdated);
    });

    it('fills a form whose create needs approval, then the checker approves it, all by keyboard', async () => {
      const configured = await staff('PUT', '/maker-checker', {
        enabled: true,
        allowSelfApproval: true,
        checkerPermission: 'approval.check',
        services: [{ serviceId: 'transactionType.create', approvalRequired: true }],
      });
      expect(configured.status).toBe(200);

      await page.goto(`/dashboard/loyalty/transaction-create?lang=${lang}`);
      const name = page.locator('#transaction-types_name');
      await name.waitFor();
      await page.locator('#content').focus();
      await tabTo(page, name, 10);
      await page.keyboard.type(`Keyboard spend ${lang}`);
      await tabTo(page, page.locator('#transaction-types_description'), 3);
      await page.keyboard.type('Typed without a mouse');
      // A choice: open the list with the arrow key, take its first option with Enter.
      await tabTo(page, page.locator('#transaction-types_type'), 3);
      // Enter once the list has made its first option the active one, then see the list closed:
      // one run in ten failed after this Enter, Tab never reaching the next field; the likeliest
      // cause, an Enter taken while the list was still opening (2026-11-26, not reproduced alone).
      await page.keyboard.press('ArrowDown');
      const type = page.locator('#transaction-types_type');
      await expect.poll(() => type.getAttribute('aria-activedescendant')).toBeTruthy();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
      await expect.poll(() => type.inputValue()).toBe(t.transactionTypes.kinds.EARN);
      await tabTo(page, page.locator('#transaction-types_code'), 3);
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await toast(page, t.common.submittedForApproval);

      await page.goto(`/dashboard/Approvals?lang=${lang}`);
      const pending = page
        .getByTestId('requests-inbox')
        .locator('tr', { hasText: t.approvals.status.PENDING })
        .first();
      const view = pending.getByRole('button', { name: t.approvals.view });
      await view.waitFor();
      await page.locator('#content').focus();
      await tabTo(page, view, 40);
      await page.keyboard.press('Enter');
      const detail = page.getByTestId('request-detail');
      await detail.getByTestId('change-diff').getByText(code, { exact: true }).waitFor();
      const approve = page.getByRole('button', { name: t.approvals.approve, exact: true });
      await tabTo(page, approve, 40);
      // The drawer keeps focus inside it until it closes.
      expect(await page.evaluate(() => !!document.activeElement?.closest('.drawer'))).toBe(true);
      expect(await focusShown(page)).toBe(true);
      await page.keyboard.press('Enter');
      await toast(page, t.approvals.done.APPROVED);

      const created = (await (await staff('GET', `/transaction-types?q=${code}`)).json()) as {
        items: { code: string }[];
      };
      expect(created.items.map((type) => type.code)).toContain(code);
    });
  });
}
