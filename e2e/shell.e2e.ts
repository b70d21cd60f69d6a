import { describe, expect, it } from 'vitest';
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, signInHere, useBrowser } from './browser.ts';

// Scrollbars drawn, as on staff's desktops: a dialog must not shift the page by their width.
const browser = useBrowser({ scrollbars: true });

describe('the shell', () => {
  it('shows the login page for an unknown path', async () => {
    const page = await browser.page();
    const res = await page.goto('/no/such/page');
    expect(res?.status()).toBe(200);
    await page.locator('#login_username').waitFor();
    await page.getByText(en.auth.title).first().waitFor();
  });

  it("receives the sign-in page's scripts and styles as the build's brotli copies", async () => {
    const page = await browser.page();
    const assets: Promise<{ encoding?: string; sent: number; decoded: number }>[] = [];
    page.on('response', (res) => {
      if (!new URL(res.url()).pathname.startsWith('/assets/')) return;
      assets.push(
        (async () => ({
          encoding: (await res.allHeaders())['content-encoding'],
          sent: (await res.request().sizes()).responseBodySize,
          decoded: (await res.body()).length,
        }))(),
      );
    });
    await page.goto('/?lang=ar', { waitUntil: 'networkidle' });
    await page.locator('#login_username').waitFor();
    const received = await Promise.all(assets);
    // Files under 1 KB have no copy (the build's threshold): they come as they are.
    const large = received.filter((a) => a.decoded > 1024);
    expect(large.length).toBeGreaterThan(5);
    for (const asset of large) expect(asset.encoding).toBe('br');
    const sum = (key: 'sent' | 'decoded') => received.reduce((total, a) => total + a[key], 0);
    expect(sum('sent')).toBeLessThan(sum('decoded') * 0.4);
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

  for (const [lang, t] of [
    ['en', en],
    ['ar', ar],
  ] as const) {
    it(`keeps the page in place under a dialog (no sideways shift by the scrollbar), in the app's font (${lang})`, async () => {
      const page = await browser.page();
      await page.setViewportSize({ width: 1280, height: 420 });
      await signIn(page, lang);
      await page.goto(`/dashboard/loyalty/tire?lang=${lang}`);
      const table = page.getByTestId('tiers-table');
      await table.getByRole('row').nth(2).waitFor();
      expect(
        await page.evaluate(() => window.innerWidth - document.documentElement.clientWidth),
      ).toBeGreaterThan(0);
      const content = page.locator('#content');
      const before = await content.boundingBox();
      await table.getByRole('button', { name: t.common.delete }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await content.boundingBox()).toEqual(before);
      // In <body>, outside the app's antd font: its text in that font all the same, not the browser's serif.
      const font = (at: typeof content) => at.evaluate((el) => getComputedStyle(el).fontFamily);
      expect(await font(dialog.getByRole('heading'))).toBe(await font(content));
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      expect(await content.boundingBox()).toEqual(before);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    });

    it(`at 768 px a list too wide for its card scrolls inside it, the actions column casting a shadow over the columns under it until the end (${lang})`, async () => {
      const page = await browser.page();
      await page.setViewportSize({ width: 768, height: 600 });
      await signIn(page, lang);
      await page.goto(`/dashboard/matrix/campaign?lang=${lang}`);
      const box = page.locator('.data-table-scroll');
      await box.locator('tbody tr[data-row-key]').first().waitFor();
      const shadow = () =>
        box.locator('th.data-table-fixed').evaluate((th) => getComputedStyle(th, '::before').boxShadow);
      await expect.poll(() => box.getAttribute('class')).toContain('hides-end');
      expect(await shadow()).toMatch(/inset/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      // In Arabic the table's end is on the left: scrollLeft runs negative.
      await box.evaluate(
        (el, rtl) => el.scrollTo({ left: rtl ? -el.scrollWidth : el.scrollWidth }),
        lang === 'ar',
      );
      await expect.poll(() => box.getAttribute('class')).not.toContain('hides-end');
      expect(await shadow()).toBe('none');
    });
  }
});
