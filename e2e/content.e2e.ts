import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import contentAr from '../packages/web/src/features/content/locales/ar.json' with { type: 'json' };
import contentEn from '../packages/web/src/features/content/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import { integrationApi, staffApi } from './api.ts';
import { signIn, toast, typeInPicker, useBrowser } from './browser.ts';

const texts = { en: { ...en, ...contentEn }, ar: { ...ar, ...contentAr } } as const;
const browser = useBrowser();
/** Screenshots of the map screens, for review (SCREENSHOTS_DIR, default the OS temp folder). */
const shots = process.env.SCREENSHOTS_DIR ?? path.join(process.env.TMPDIR ?? '/tmp', 'content-e2e-shots');
mkdirSync(shots, { recursive: true });

/** Picks options of the select (a combobox) with this id. */
async function choose(page: Page, selector: string, ...options: string[]) {
  await page.locator(selector).click();
  for (const option of options) {
    await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  }
  await page.keyboard.press('Escape');
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const l = t.content.locations;
  const stamp = `${lang.toUpperCase()} ${Date.now().toString(36)}`;
  const branch = `E2E Map Branch ${stamp}`;
  const branchAr = `فرع الاختبار ${stamp}`;
  /** The map names a location in the screen's language. */
  const shownName = lang === 'ar' ? branchAr : branch;
  /**
   * Where the form's map is clicked, from its centre (the country view): near Riyadh in English,
   * near Dammam in Arabic — each branch has its own place, among demo branches it clusters with.
   */
  const offset = lang === 'en' ? { x: 37, y: -23 } : { x: 108, y: -57 };

  describe(`branch locations in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    let position: { latitude: number; longitude: number };
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('creates a branch by clicking the map', async () => {
      await page.goto(`/dashboard/application/create-location?lang=${lang}`);
      const map = page.getByRole('region', { name: l.map.pickLabel });
      await map.locator('.leaflet-container').waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-create-location.png`), fullPage: true });
      await choose(page, '#locations_type', l.types.BRANCH);
      await page.locator('#locations_nameEn').fill(branch);
      await page.locator('#locations_nameAr').fill(branchAr);
      await page.locator('#locations_city').fill('Riyadh');
      await page.locator('#locations_cityAr').fill('الرياض');
      // A click off the map's centre (the country view) sets both coordinates.
      await map.scrollIntoViewIfNeeded();
      const box = await map.locator('.leaflet-container').boundingBox();
      if (!box) throw new Error('map not laid out');
      await page.mouse.click(box.x + box.width / 2 + offset.x, box.y + box.height / 2 + offset.y);
      await map.getByTestId('picked-marker').waitFor();
      position = {
        latitude: Number(await page.locator('#locations_latitude').inputValue()),
        longitude: Number(await page.locator('#locations_longitude').inputValue()),
      };
      expect(position.latitude).toBeGreaterThan(15);
      expect(position.latitude).toBeLessThan(33);
      expect(position.longitude).toBeGreaterThan(34);
      expect(position.longitude).toBeLessThan(56);

      await page.locator('#locations_phone').fill('+966 11 555 0101');
      await page.locator('#locations_email').fill('e2e.branch@example.com');
      await typeInPicker(page, '#locations_openingTime', '16:00');
      await typeInPicker(page, '#locations_closingTime', '09:00');
      await page.locator('button[type="submit"]').click();
      await page.locator('#locations_closingTime_help').getByText(t.msg.closingBeforeOpening).waitFor();
      await typeInPicker(page, '#locations_closingTime', '21:00');
      await choose(page, '#locations_workingDays', l.days.SUN, l.days.MON, l.days.TUE);
      await page.locator('button[type="submit"]').click();
      await toast(page, l.created);
      await page.waitForURL(/\/dashboard\/application\/location/);
    });

    it('shows it in the list, clustered on the map', async () => {
      const staff = await staffApi(page);
      const markers = (
        (await (await staff('GET', '/locations/markers')).json()) as { items: { nameEn: string }[] }
      ).items;
      expect(markers.map((m) => m.nameEn)).toContain(branch);

      await page.goto(`/dashboard/application/location?lang=${lang}&q=${encodeURIComponent(branch)}`);
      // The city in the screen's language.
      const row = page.getByTestId('locations-table').locator('tr', { hasText: branch });
      await row.getByRole('cell', { name: lang === 'ar' ? 'الرياض' : 'Riyadh', exact: true }).waitFor();
      const map = page.getByRole('region', { name: l.map.label });
      await map.getByTestId('location-cluster').first().waitFor();
      // No tile server in tests: the country outlines (a static file fetched by the map) are drawn.
      await map.locator('.leaflet-overlay-pane path').first().waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-location-list.png`), fullPage: true });
      // At the country view the new branch is inside a cluster, not a marker of its own.
      const own = map.locator(`.leaflet-marker-icon[title="${shownName}"]`);
      expect(await own.count()).toBe(0);
      const clustered = (await map.getByTestId('location-cluster').allTextContents()).map(Number);
      expect(clustered.reduce((a, b) => a + b, 0)).toBeGreaterThan(clustered.length);
      // Both maps open on the same view, so the branch is at the same offset from this map's
      // centre: zooming in there with the wheel splits its cluster until its own marker shows.
      await map.scrollIntoViewIfNeeded();
      const box = await map.locator('.leaflet-container').boundingBox();
      if (!box) throw new Error('map not laid out');
      await page.mouse.move(box.x + box.width / 2 + offset.x, box.y + box.height / 2 + offset.y);
      // One zoom level a step (Leaflet: 60 wheel pixels a level), so the marker is still in view
      // when its cluster splits.
      for (let i = 0; i < 13 && (await own.count()) === 0; i++) {
        await page.mouse.wheel(0, -60);
        await page.waitForTimeout(500);
      }
      await own.waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-location-zoomed.png`), fullPage: true });
    });

    it('finds it through the integration API near its position, nearest first', async () => {
      const app = await integrationApi(page, ['content', 'customers']);
      const res = await app(
        'GET',
        `/content/locations?near=${position.latitude},${position.longitude}&radius=2`,
      );
      expect(res.status).toBe(200);
      const { items } = (await res.json()) as { items: { nameEn: string; distanceKm: number }[] };
      expect(items[0]).toMatchObject({ nameEn: branch, distanceKm: 0 });
    });
  });
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const f = t.content.faqs;
  const stamp = `${lang.toUpperCase()} ${Date.now().toString(36)}`;
  const first = `E2E first question ${stamp}?`;
  const second = `E2E second question ${stamp}?`;

  describe(`FAQ in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it("says 'Question is Required' and 'Answer is Required' (spec §5)", async () => {
      await page.goto(`/dashboard/application/create-question?lang=${lang}`);
      await page.locator('button[type="submit"]').click();
      await page.getByText(t.msg.questionRequired).first().waitFor();
      await page.getByText(t.msg.answerRequired).first().waitFor();
    });

    it('creates two questions and drags the second above the first', async () => {
      for (const question of [first, second]) {
        await page.goto(`/dashboard/application/create-question?lang=${lang}`);
        await choose(page, '#faqs_lang', f.langs[lang]);
        await page.locator('#faqs_question').fill(question);
        await page.locator('#faqs_answer').fill(`The answer to ${question}`);
        await page.locator('#faqs_category').fill('E2E');
        await page.locator('button[type="submit"]').click();
        await toast(page, f.created);
      }
      await page.goto(
        `/dashboard/application/questions?lang=${lang}&faqLang=${lang}&q=${encodeURIComponent(stamp)}`,
      );
      const rows = page.getByTestId('faqs-table').locator('tbody tr[data-row-key]');
      await rows.filter({ hasText: second }).waitFor();
      expect(await rows.allTextContents()).toEqual([
        expect.stringContaining(first),
        expect.stringContaining(second),
      ]);
      // Keyboard drag: pick up the second row's handle, move it up one place, drop it.
      const handle = rows.filter({ hasText: second }).getByTestId('faq-drag');
      await handle.focus();
      for (const key of ['Space', 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        // dnd-kit measures the rows between the steps of a keyboard drag.
        await page.waitForTimeout(300);
      }
      await toast(page, f.moved);
      await page.screenshot({ path: path.join(shots, `${lang}-faq-list.png`), fullPage: true });
      await expect
        .poll(async () => rows.allTextContents())
        .toEqual([expect.stringContaining(second), expect.stringContaining(first)]);

      const app = await integrationApi(page, ['content', 'customers']);
      const res = await app('GET', `/content/faqs?lang=${lang}`);
      const questions = ((await res.json()) as { items: { question: string }[] }).items.map(
        (i) => i.question,
      );
      expect(questions.indexOf(second)).toBeGreaterThanOrEqual(0);
      expect(questions.indexOf(second)).toBeLessThan(questions.indexOf(first));
    });
  });
}

for (const lang of ['en', 'ar'] as const) {
  const t = texts[lang];
  const g = t.content.legal;
  const stamp = `${lang.toUpperCase()} ${Date.now().toString(36)}`;
  const title = `E2E Terms ${stamp}`;

  describe(`terms and conditions in ${lang === 'en' ? 'English' : 'Arabic'}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await browser.page();
      await signIn(page, lang);
    });

    it('stores rich text without the script tag it was sent', async () => {
      const staff = await staffApi(page);
      const res = await staff('POST', '/legal-documents', {
        kind: 'PRIVACY',
        titleEn: `E2E script ${stamp}`,
        titleAr: `نص ${stamp}`,
        bodyEn:
          '<p>Safe <strong>text</strong><script>document.title="owned"</script><img src=x onerror="alert(1)"></p>',
        bodyAr: '<p>نص آمن<script>alert(1)</script></p>',
        effectiveDate: '2027-01-01',
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const stored = (await (await staff('GET', `/legal-documents/${id}`)).json()) as {
        bodyEn: string;
        bodyAr: string;
      };
      expect(stored.bodyEn).toBe('<p>Safe <strong>text</strong></p>');
      expect(stored.bodyAr).toBe('<p>نص آمن</p>');
      expect((await staff('DELETE', `/legal-documents/${id}`)).status).toBe(204);
    });

    it('writes a new terms version, publishes it, and the customer app serves it and records acceptance', async () => {
      await page.goto(`/dashboard/application/create-condation?lang=${lang}`);
      await page.locator('#legal_titleEn').fill(title);
      await page.locator('#legal_titleAr').fill(`الشروط ${stamp}`);
      await typeInPicker(page, '#legal_effectiveDate', '2027-03-01');
      // The text in the screen's language is written with the toolbar, the keys and the typing
      // shortcuts (a heading, bold, a bulleted list, an address that becomes a link); the other
      // plainly.
      const [rich, plain] = lang === 'en' ? (['bodyEn', 'bodyAr'] as const) : (['bodyAr', 'bodyEn'] as const);
      const body = page.getByRole('textbox', { name: g.fields[rich] });
      const editor = page.locator('.legal-editor', { has: body });
      await body.click();
      await editor.getByRole('button', { name: g.editor.heading }).click();
      await page.keyboard.type(lang === 'en' ? 'Expiry' : 'الصلاحية');
      await page.keyboard.press('Enter');
      await page.keyboard.type(lang === 'en' ? 'Points now expire after ' : 'تنتهي النقاط بعد ');
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type(lang === 'en' ? '36 months' : '36 شهرًا');
      await page.keyboard.press('ControlOrMeta+b');
      await page.keyboard.type(`. ${stamp}`);
      await page.keyboard.press('Enter');
      await page.keyboard.type('- https://bank.example/terms ');
      await expect
        .poll(() => editor.getByRole('button', { name: g.editor.bulletList }).getAttribute('aria-pressed'))
        .toBe('true');
      await page.getByRole('textbox', { name: g.fields[plain] }).click();
      await page.keyboard.type(
        lang === 'en' ? `تنتهي النقاط بعد 36 شهرًا. ${stamp}` : `Points now expire after 36 months. ${stamp}`,
      );
      await page.screenshot({ path: path.join(shots, `${lang}-terms-editor.png`), fullPage: true });
      await page.locator('button[type="submit"]').click();
      await toast(page, g.saved);
      await page.waitForURL(/\/dashboard\/application\/terms/);

      const row = page
        .getByTestId('legal-versions-table')
        .locator('tr', { hasText: lang === 'ar' ? `الشروط ${stamp}` : title });
      await row.getByRole('button', { name: g.compare }).click();
      // The published version is another run's or the demo's: this one's words show as added.
      await page
        .getByTestId('legal-diff-en')
        .locator('ins', { hasText: lang.toUpperCase() })
        .first()
        .waitFor();
      await page.keyboard.press('Escape');
      await row.getByRole('button', { name: g.publish, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.msg.confirmYes }).click();
      await toast(page, g.publishedToast);
      await row.getByText(g.statuses.PUBLISHED, { exact: true }).waitFor();
      await page.screenshot({ path: path.join(shots, `${lang}-terms-versions.png`), fullPage: true });

      const app = await integrationApi(page, ['content', 'customers']);
      const served = (await (await app('GET', `/content/terms?lang=${lang}`)).json()) as {
        id: number;
        title: string;
        html: string;
      };
      expect(served.title).toBe(lang === 'ar' ? `الشروط ${stamp}` : title);
      expect(served.html).toContain(stamp);
      expect(served.html).toContain(lang === 'en' ? '<h2>Expiry</h2>' : '<h2>الصلاحية</h2>');
      expect(served.html).toContain(
        lang === 'en' ? '<strong>36 months</strong>' : '<strong>36 شهرًا</strong>',
      );
      expect(served.html).toMatch(
        /<ul><li><p><a href="https:\/\/bank\.example\/terms"[^>]*>https:\/\/bank\.example\/terms<\/a>/,
      );
      const customer = `E2E-${lang}-${Date.now().toString(36)}`;
      expect((await app('PUT', `/customers/${customer}`, { fullName: 'E2E Consent' })).status).toBe(201);
      const consent = await app('POST', `/customers/${customer}/consents`, { documentId: served.id });
      expect(consent.status).toBe(201);
      await page.reload();
      await row.locator('td', { hasText: /^1$/ }).waitFor();
    });
  });
}
