import { describe, expect, it } from 'vitest';
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, signInHere, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('the shell', () => {
  it('shows the login page for an unknown path', async () => {
    const page = await browser.page();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await page.locator('#login_username').waitFor();
    await page.getByText(en.auth.title).first().waitFor();
  });

  it('sends a signed-out visitor of a dashboard page to sign-in, then back there', async () => {
    const page = await browser.page();
    await page.goto('/dashboard/loyalty/tire?lang=en');
    await page.locator('#login_username').waitFor();
    await signInHere(page);
    await page.getByTestId('tiers-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/loyalty/tire');
  });

  it('keeps ?lang=ar across navigation and after a reload (silent refresh)', async () => {
    const page = await browser.page();
    await signIn(page, 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.goto('/dashboard?lang=ar');
    const menu = page.getByRole('navigation', { name: ar.menu.label });
    await menu.getByText(ar.menu.groups.loyalty).click();
    await menu.getByRole('link', { name: ar.routes.tiers, exact: true }).click();
    await page.waitForURL(/\/dashboard\/loyalty\/tire/);
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');

    await page.reload();
    await page.getByTestId('tiers-table').waitFor();
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ar');
  });

  it('refuses a wrong password with the generic message', async () => {
    const page = await browser.page();
    await page.goto('/?lang=en');
    await page.locator('#login_username').fill('admin');
    await page.locator('#login_password').fill('wrong-password');
    await page.locator('button[type="submit"]').click();
    await page.getByText(en.error.INVALID_CREDENTIALS).waitFor();
  });
});
