import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import messagingAr from '../packages/web/src/features/messaging/locales/ar.json' with { type: 'json' };
import messagingEn from '../packages/web/src/features/messaging/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { integrationApi } from './api.ts';
import { signIn, toast, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...messagingEn }, ar: { ...ar, ...messagingAr } } as const;
const browser = useBrowser();

/** Picks the option of the (first visible) select labelled `label`, typing to search it. */
async function choose(page: Page, label: string, option: string, typed = option) {
  const select = page.getByRole('combobox', { name: label }).first();
  await select.click();
  await select.fill(typed);
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const run = `${lang}-${Date.now().toString(36)}`;

  describe(`customer messaging in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it("answers a customer's question with a template: queue, assignment, reply, the app's inbox", async () => {
      const app = await integrationApi(page, ['customers', 'messages']);
      const number = `MSG-${run}`;
      const name = lang === 'ar' ? `سارة ${run}` : `Sara ${run}`;
      expect((await app('PUT', `/customers/${number}`, { fullName: name, language: lang })).ok).toBe(true);

      // A template whose placeholders the reply fills in the customer's language.
      const template = `Balance answer ${run}`;
      await page.goto(`/dashboard/create-template?lang=${lang}`);
      await page.getByTestId('placeholder-list').getByText('{{customer.balance}}').waitFor();
      await page.locator('#message-templates_name').fill(template);
      await page
        .locator('#message-templates_bodyEn')
        .fill('Dear {{customer.name}}, you have {{customer.balance}} points.');
      await page
        .locator('#message-templates_bodyAr')
        .fill('عزيزتي {{customer.name}}، لديك {{customer.balance}} نقطة.');
      await page.locator('#message-templates_status').click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: t.common.status.ACTIVE, exact: true })
        .click();
      await page.locator('button[type="submit"]').click();
      await toast(page, t.messaging.templates.created);
      await page.waitForURL(/\/dashboard\/template\?/);

      // The customer asks through the app.
      const subject = `Points question ${run}`;
      const asked = await app('POST', `/customers/${number}/messages`, {
        externalId: `e2e-${run}`,
        subject,
        body: 'My points from yesterday are missing.',
      });
      expect(asked.status).toBe(201);

      // It is in the queue, unassigned; assign it to me.
      await page.goto(`/dashboard/message?lang=${lang}&q=${encodeURIComponent(number)}`);
      const row = page.getByTestId('messages-table').locator('tr', { hasText: subject });
      await row.getByText(t.messaging.queue.unassigned).waitFor();
      await row.locator('input[type="checkbox"]').check();
      await page.getByRole('button', { name: t.messaging.queue.assignSelected }).click();
      const dialog = page.getByRole('dialog');
      // The first administrator's name in the screen's language (ADMIN_NAME_AR's default in Arabic).
      const adminName = lang === 'ar' ? 'مدير النظام' : 'System Administrator';
      await choose(page, t.messaging.assign.user, `${adminName} (admin)`, 'admin');
      await dialog.getByRole('button', { name: t.messaging.assign.submit }).click();
      await toast(page, t.messaging.queue.assigned);
      // The queue shows the assignee's name in the screen's language too.
      await row.getByText(adminName).waitFor();
      await page.locator('.ant-segmented').getByText(t.messaging.queue.myQueue, { exact: true }).click();
      await page.waitForURL(/mine=true/);
      await row.getByText(t.messaging.statuses.ASSIGNED).waitFor();

      // The conversation, then the reply from the template, previewed with the placeholders filled.
      await row.getByRole('link', { name: subject }).click();
      await page.waitForURL(/\/dashboard\/admin\/message\/\d+/);
      await page.getByText('My points from yesterday are missing.').waitFor();
      await page.getByRole('button', { name: t.messaging.conversation.reply, exact: true }).click();
      await page.waitForURL(/\/dashboard\/replay\/message\/\d+/);
      await choose(page, t.messaging.reply.template, template);
      const filled = lang === 'ar' ? `عزيزتي ${name}، لديك 0 نقطة.` : `Dear ${name}, you have 0 points.`;
      await page.getByTestId('reply-preview').getByText(filled).waitFor();
      await page.getByRole('button', { name: t.messaging.reply.send, exact: true }).click();
      await toast(page, t.messaging.reply.sent);
      await page.waitForURL(/\/dashboard\/admin\/message\/\d+/);
      await page.getByTestId('entry-REPLY').getByText(filled).waitFor();
      await page.getByText(t.messaging.statuses.REPLIED).first().waitFor();

      // The customer's in-app inbox has the reply as written, placeholders filled.
      const inbox = (await (await app('GET', `/customers/${number}/messages`)).json()) as {
        items: { subject: string; body: string; readAt: string | null }[];
      };
      expect(inbox.items).toEqual([expect.objectContaining({ subject, body: filled, readAt: null })]);
    });

    it('keeps internal notes internal, closes and reopens, and refuses an unknown placeholder', async () => {
      const app = await integrationApi(page, ['customers', 'messages']);
      const number = `MSG2-${run}`;
      await app('PUT', `/customers/${number}`, { fullName: `Note ${run}`, language: lang });
      const { messageId } = (await (
        await app('POST', `/customers/${number}/messages`, { externalId: `e2e-note-${run}`, body: 'Hello?' })
      ).json()) as { messageId: number };

      await page.goto(`/dashboard/admin/message/${messageId}?lang=${lang}`);
      await page.getByRole('textbox', { name: t.messaging.conversation.note }).fill(`Called back ${run}`);
      await page.getByRole('button', { name: t.messaging.conversation.addNote }).click();
      await toast(page, t.messaging.conversation.noted);
      await page.getByTestId('entry-NOTE').getByText(`Called back ${run}`).waitFor();

      await page
        .locator('.panel-extra')
        .getByRole('button', { name: t.messaging.conversation.close, exact: true })
        .click();
      await page.getByRole('dialog').getByRole('button', { name: t.msg.confirmYes }).click();
      await toast(page, t.messaging.conversation.closed);
      await page.getByRole('button', { name: t.messaging.conversation.reopen }).click();
      await toast(page, t.messaging.conversation.reopened);

      await page.getByRole('button', { name: t.messaging.conversation.reply, exact: true }).click();
      await page.getByRole('textbox', { name: t.messaging.reply.body }).fill('Hi {{customer.nickname}}');
      await page.getByRole('button', { name: t.messaging.reply.send, exact: true }).click();
      await toast(page, t.msg.unknownPlaceholder);

      const inbox = (await (await app('GET', `/customers/${number}/messages`)).json()) as { total: number };
      expect(inbox.total).toBe(0);
    });

    it('sends a message to a list of customers: their count first, then progress and the result', async () => {
      const app = await integrationApi(page, ['customers', 'messages']);
      const numbers = [`OUT1-${run}`, `OUT2-${run}`];
      for (const n of numbers)
        expect((await app('PUT', `/customers/${n}`, { fullName: `Out ${n}`, language: lang })).ok).toBe(true);
      const csv = path.join(mkdtempSync(path.join(tmpdir(), 'outbound-e2e-')), 'customers.csv');
      writeFileSync(csv, `customer number\n${numbers.join('\n')}\n`);
      const o = t.messaging.outbound;

      await page.goto(`/dashboard/create-message?lang=${lang}`);
      await page.locator('.ant-segmented').getByText(o.recipients.kinds.LIST, { exact: true }).click();
      await page.locator('input[type="file"]').setInputFiles(csv);
      await page.getByText(o.sendTo.replace('{{count}}', '2')).waitFor();
      const subject = `Weekend bonus ${run}`;
      await page.locator('#outbound_subjectEn').fill(subject);
      await page.locator('#outbound_bodyEn').fill('Double points this weekend, {{customer.name}}.');
      await page.locator('#outbound_subjectAr').fill(subject);
      await page.locator('#outbound_bodyAr').fill('نقاط مضاعفة في عطلة نهاية الأسبوع يا {{customer.name}}.');
      await page.getByRole('button', { name: o.send, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(o.confirm.replace('{{count}}', '2')).waitFor();
      await dialog.getByRole('button', { name: t.msg.confirmYes }).click();
      await toast(page, o.accepted);

      // Progress, then the result per status: both sent.
      await page
        .getByText(o.progress.processed.replace('{{processed}}', '2').replace('{{total}}', '2'))
        .waitFor();
      await page.getByText(o.statuses.DONE, { exact: true }).first().waitFor();

      // Each customer's in-app inbox has it, in their language, with their name filled in.
      const inbox = (await (await app('GET', `/customers/${numbers[1]}/messages`)).json()) as {
        items: { subject: string; body: string }[];
      };
      const greeting =
        lang === 'ar'
          ? `نقاط مضاعفة في عطلة نهاية الأسبوع يا Out ${numbers[1]}.`
          : `Double points this weekend, Out ${numbers[1]}.`;
      expect(inbox.items).toEqual([expect.objectContaining({ subject, body: greeting })]);
    });
  });
}
