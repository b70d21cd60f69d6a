import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSmsGateway } from '../packages/server/src/modules/alerts/testing.ts';
import alertsAr from '../packages/web/src/features/alerts/locales/ar.json' with { type: 'json' };
import alertsEn from '../packages/web/src/features/alerts/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { staffApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...alertsEn }, ar: { ...ar, ...alertsAr } } as const;
const browser = useBrowser();
let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
beforeAll(async () => {
  gateway = await startSmsGateway();
});

/** Opens the select `#id` and picks the option named `option`. */
async function pick(page: Page, id: string, option: string) {
  await page.locator(id).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}-${Date.now().toString(36)}`;

  describe(`alerts in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('creates a category, a group in it and an alert in the group, previewing its template', async () => {
      const category = `Cards ${run}`;
      await page.goto(`/dashboard/Alerts/AddAlertCategory?lang=${lang}`);
      await page.locator('#alert-categories_nameEn').fill(category);
      await page.locator('#alert-categories_nameAr').fill(`البطاقات ${run}`);
      await pick(page, '#alert-categories_status', t.common.status.ACTIVE);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.alerts.categories.created);
      const search = page.getByRole('searchbox', { name: t.alerts.categories.search });
      await search.fill(category);
      await search.press('Enter');
      await page.getByText(category, { exact: true }).click();
      await page.waitForURL(/\/dashboard\/Alerts\/\d+/);
      // The category's own screen (its name in the screen's language), not the list still showing.
      await page.locator('.panel-title', { hasText: lang === 'ar' ? `البطاقات ${run}` : category }).waitFor();

      // The category's screen lists its groups; Create opens Alerts/AddAlertGroup/{id}.
      const group = `Card spending ${run}`;
      await page.getByRole('button', { name: t.common.create }).click();
      await page.waitForURL(/\/dashboard\/Alerts\/AddAlertGroup\/\d+/);
      await page.locator('#alert-groups_nameEn').fill(group);
      await page.locator('#alert-groups_nameAr').fill(`إنفاق البطاقة ${run}`);
      await page.locator('button[type="submit"]').click();
      await toast(page, t.alerts.groups.created);
      await page.getByText(group, { exact: true }).click();
      await page.waitForURL(/\/dashboard\/Alerts\/ViewAlertGroup\/\d+/);
      await page
        .locator('.panel-title', { hasText: lang === 'ar' ? `إنفاق البطاقة ${run}` : group })
        .waitFor();

      // The group's screen lists its alerts; Create opens the alert form (Alerts/AddAlert/{id}).
      const alert = `Card points ${run}`;
      await page.getByRole('button', { name: t.common.create }).click();
      await page.waitForURL(/\/dashboard\/Alerts\/AddAlert\/\d+/);
      await page.locator('#alert_nameEn').fill(alert);
      await page.locator('#alert_nameAr').fill(`نقاط البطاقة ${run}`);
      await pick(page, '#alert_event', t.alerts.events.POINTS_EARNED);
      // An unknown placeholder is refused before anything is sent.
      await page.locator('#alert_templates_IN_APP_subjectEn').fill('Points for {{customer.nickname}}');
      await page.locator('#alert_templates_IN_APP_subjectAr').fill('نقاط جديدة');
      await page.locator('#alert_templates_IN_APP_bodyEn').fill('You earned {{event.points}} points.');
      await page.locator('#alert_templates_IN_APP_bodyAr').fill('ربحت {{event.points}} نقطة.');
      await page.locator('button[type="submit"]').click();
      await page.getByText(t.msg.unknownPlaceholder).first().waitFor();
      await page.locator('#alert_templates_IN_APP_subjectEn').fill('Points for {{customer.name}}');
      // The preview fills the placeholders with the sample customer.
      await page.getByTestId('preview-IN_APP-en').filter({ hasText: 'You earned 350 points.' }).waitFor();
      await page.getByTestId('preview-IN_APP-ar').filter({ hasText: 'ربحت 350 نقطة.' }).waitFor();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.alerts.alerts.created);
      await page.waitForURL(/\/dashboard\/Alerts\/ViewAlert\/\d+/);
      await page.getByText(t.alerts.stats.title.replace('{{days}}', '30')).waitFor();
      await page
        .getByText(lang === 'ar' ? `نقاط البطاقة ${run}` : alert)
        .first()
        .waitFor();

      // Saved on the server as typed.
      const staff = await staffApi(page);
      const found = await (await staff('GET', `/alerts?q=${encodeURIComponent(alert)}`)).json();
      expect(found.items[0]).toMatchObject({ event: 'POINTS_EARNED', channels: ['IN_APP'] });
      expect(found.items[0].templates.IN_APP.subjectEn).toBe('Points for {{customer.name}}');

      // The group cannot be deleted while it has the alert: the reason is shown.
      await page.goto(`/dashboard/Alerts/${found.items[0].categoryId}?lang=${lang}`);
      await page
        .getByRole('row', { name: new RegExp(group) })
        .getByRole('button', { name: t.common.delete })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: t.msg.confirmYes }).click();
      await toast(page, t.error.ALERT_GROUP_HAS_ALERTS);
    });

    it('test-sends an SMS through the gateway as typed, and shows a failing gateway’s error without saving', async () => {
      await page.goto(`/dashboard/AlertConfigurations?lang=${lang}`);
      // The demo's SMS channel is off: a test needs it on, as typed on the screen.
      await page.getByRole('switch', { name: t.alerts.settings.smsEnabled }).click();
      await page.locator('#alert-settings_sms_url').fill(gateway.url);
      await page.locator('#alert-settings_test_SMS').fill('+966500000077');
      gateway.mode = 'ok';
      await page.getByTestId('test-SMS').click();
      await page.getByTestId('test-result-SMS').filter({ hasText: t.alerts.settings.testSent }).waitFor();
      expect(gateway.received.at(-1)?.body.to).toBe('+966500000077');

      gateway.mode = 'fail';
      await page.getByTestId('test-SMS').click();
      await page.getByTestId('test-result-SMS').filter({ hasText: 'SMS gateway answered 500' }).waitFor();
      await toast(page, t.error.CHANNEL_TEST_FAILED);
      // Nothing was saved: the stored gateway address is not the one typed.
      const staff = await staffApi(page);
      const stored = await (await staff('GET', '/alert-settings')).json();
      expect(stored.sms.url).not.toBe(gateway.url);
    });

    it('shows an alert’s failed deliveries and sends one again from the screen; the customer’s Alerts tab lists it', async () => {
      const staff = await staffApi(page);
      const alerts = await (
        await staff('GET', '/alerts?event=POINTS_EARNED&status=ACTIVE&pageSize=100')
      ).json();
      // The demo's "Points earned" alert, with 30 days of deliveries, a few dead-lettered by its gateway.
      const earned = alerts.items.find((a: { nameEn: string }) => a.nameEn === 'Points earned');
      const dead = await (await staff('GET', `/alert-deliveries?alertId=${earned.id}&status=DEAD`)).json();
      expect(dead.total).toBeGreaterThan(0);
      const first = dead.items[0];

      await page.goto(`/dashboard/Alerts/ViewAlert/${earned.id}?lang=${lang}`);
      await page.getByRole('button', { name: t.alerts.deliveryStatuses.DEAD, exact: true }).click();
      const row = page.getByRole('row').filter({ hasText: first.customerNumber }).first();
      await row.getByText(first.lastError.slice(0, 20)).first().waitFor();
      await row.getByRole('button', { name: t.alerts.deliveries.retry }).click();
      await toast(page, t.alerts.deliveries.retried);
      const after = await (await staff('GET', `/alert-deliveries?alertId=${earned.id}&status=DEAD`)).json();
      expect(after.total).toBe(dead.total - 1);

      await page.goto(`/dashboard/customer/info?id=${first.customerId}&lang=${lang}`);
      await page.getByRole('tab', { name: t.alerts.deliveries.title }).click();
      await page.getByRole('tabpanel').getByText(first.recipient).first().waitFor();

      // Staff record the customer's choice about marketing alerts.
      const before = await (await staff('GET', `/alert-preferences/${first.customerId}`)).json();
      await page.getByRole('switch', { name: t.alerts.preferences.marketing }).click();
      await toast(page, t.alerts.preferences.saved);
      const now = await (await staff('GET', `/alert-preferences/${first.customerId}`)).json();
      expect(now.marketingOptOut).toBe(!before.marketingOptOut);
    });
  });
}
