import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../packages/server/src/modules/webhooks/testing.ts';
import webhooksAr from '../packages/web/src/features/webhooks/locales/ar.json' with { type: 'json' };
import webhooksEn from '../packages/web/src/features/webhooks/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...webhooksEn }, ar: { ...ar, ...webhooksAr } } as const;
const browser = useBrowser();
/** Screenshots of the screens, for review (SCREENSHOTS_DIR, default the OS temp folder). */
const shots = process.env.SCREENSHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'webhooks-e2e-shots');
mkdirSync(shots, { recursive: true });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});

/** Waits until the receiver holds a verified message that passes `test`. */
async function received(test: (body: { type: string; data: Record<string, unknown> }) => boolean) {
  for (let i = 0; i < 100; i += 1) {
    if (receiver.verified.some((m) => test(m.body))) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the receiver got no such message');
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];

  describe(`webhooks in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('creates an endpoint (its secret shown once), pings it, reads the log and replays a range', async () => {
      const target = `${receiver.url}/${lang}-${Date.now().toString(36)}`;
      await page.goto(`/dashboard/Integration/Webhooks/Add?lang=${lang}`);
      await page.locator('#webhook-endpoints_url').fill(target);
      await page.locator('#webhook-endpoints_description').fill(`CRM ${lang}`);
      await page.locator('#webhook-endpoints_events').click();
      await page.getByRole('option', { name: t.webhooks.events['points.earned'], exact: true }).click();
      await page.keyboard.press('Escape');
      await page.locator('button[type="submit"]').click();
      await toast(page, t.webhooks.endpoints.created);

      // Back on the list, the secret, once.
      const dialog = page.getByRole('dialog', { name: t.webhooks.secret.title });
      const secret = (await dialog.locator('code').innerText()).trim();
      expect(secret).toMatch(/^whsec_/);
      receiver.state.secrets.push(secret);
      await page.screenshot({ path: path.join(shots, `${lang}-secret.png`), fullPage: true });
      await dialog.getByRole('button', { name: t.common.ok }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.screenshot({ path: path.join(shots, `${lang}-list.png`), fullPage: true });

      await page.getByText(target, { exact: true }).click();
      await page.waitForURL(/\/dashboard\/Integration\/Webhooks\/\d+/);
      const endpointId = Number(/Webhooks\/(\d+)/.exec(page.url())?.[1]);

      // Ping: it reaches the receiver signed with the secret, and the log shows it delivered.
      await page.getByRole('button', { name: t.webhooks.endpoints.ping }).click();
      await toast(page, t.webhooks.endpoints.pinged);
      await received((b) => b.type === 'webhook.ping' && b.data.endpointId === endpointId);
      const log = page.locator('.panel', { hasText: t.webhooks.deliveries.title });
      const row = log.locator('tr', { hasText: t.webhooks.events['webhook.ping'] });
      await expect
        .poll(async () => {
          await log.getByRole('button', { name: t.webhooks.deliveries.refresh }).click();
          return row.filter({ hasText: t.webhooks.deliveryStatuses.DELIVERED }).count();
        })
        .toBe(1);
      await row.getByRole('button', { name: t.common.table.expandRow }).click();
      await log.getByText(/#1 · .* · 200 · \d+ ms/).waitFor();

      // Replay the last seven days: the progress bar reaches its end.
      const replay = page.locator('.panel', { hasText: t.webhooks.replay.title });
      await replay.getByRole('button', { name: t.webhooks.replay.start, exact: true }).click();
      await toast(page, t.webhooks.replay.queued);
      await replay.getByText(t.webhooks.replay.statuses.DONE, { exact: false }).waitFor();
      expect(await replay.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      await page.screenshot({ path: path.join(shots, `${lang}-endpoint.png`), fullPage: true });
    });
  });
}
