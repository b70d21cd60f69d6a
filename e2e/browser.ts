import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import { productUrl } from './ownProduct.ts';

/** This test file's own product (e2e/ownProduct.ts). */
export const baseUrl = productUrl;

/**
 * Debian's Chromium, headless, with no background traffic (the machine has no internet).
 * `scrollbars`: drawn, taking their width, as on a desktop (headless hides them by default).
 */
export function useBrowser({ scrollbars = false } = {}) {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      ignoreDefaultArgs: scrollbars ? ['--hide-scrollbars'] : [],
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A fresh browser context (own cookies and storage, reduced motion) with one page. */
    async page(): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: 1366, height: 860 },
        // The app then turns antd's animations off: a click never lands on a dialog button that
        // is still zooming into place (it used to miss under load, leaving the dialog open).
        reducedMotion: 'reduce',
      });
      return context.newPage();
    },
  };
}

/** Signs in through the login page and waits for the dashboard. */
export async function signIn(page: Page, lang: 'en' | 'ar' = 'en') {
  await page.goto(`/?lang=${lang}`);
  await signInHere(page);
}

/** Signs in on the login page already shown (which may hold where to go back to). */
export async function signInHere(page: Page) {
  const { username, password } = inject('admin');
  await page.locator('#login_username').first().fill(username);
  await page.locator('#login_password').first().fill(password);
  await page.locator('button[type="submit"]').click();
  await page.waitForURL(/\/dashboard/);
}

/** Waits for the toast that says `text`. */
export const toast = (page: Page, text: string) =>
  page.getByTestId('toast').filter({ hasText: text }).first().waitFor();

/** Types a day (`2026-11-25`) or a time (`09:30`) into a picker's field (components/DayInput.tsx), and confirms it with Enter. */
export async function typeInPicker(page: Page, selector: string, value: string) {
  const input = page.locator(selector);
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Opens the Approvals inbox, views its first pending request and approves it (the signed-in user checks). */
export async function approveFirstPending(page: Page, lang: 'en' | 'ar') {
  const t = (lang === 'en' ? approvalsEn : approvalsAr).approvals;
  await page.goto(`/dashboard/Approvals?lang=${lang}`);
  const row = page.getByTestId('requests-inbox').locator('tr', { hasText: t.status.PENDING }).first();
  await row.getByRole('button', { name: t.view }).click();
  await page.getByRole('button', { name: t.approve, exact: true }).click();
  await toast(page, t.done.APPROVED);
}
