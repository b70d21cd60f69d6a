import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { resources } from '@loyalty/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoutes, publicRoutes } from '../packages/web/src/app/routes.ts';
import { type ApiCall, staffApi } from './api.ts';
import { signIn, useBrowser } from './browser.ts';

/**
 * Issue 20: every route of the product, in both languages, passes axe-core with no serious or
 * critical violation (WCAG 2.2 A/AA rules), shows no translation key in place of its text, and in
 * Arabic shows no Latin-script text that is not data, a code or a number; its lists fit their card at
 * 1,366 px and no cell breaks a date or time across lines. The route table is the web's own (app/routes.ts): a new screen is
 * walked without being listed here.
 */
// Evaluated rather than added as a script tag: the product's Content-Security-Policy allows no
// inline script, and it stays on.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const browser = useBrowser();

/** SCREENSHOTS=<folder>: every page walked is also saved there, for a person to look at. */
const shots = process.env.SCREENSHOTS;
if (shots) mkdirSync(shots, { recursive: true });
const shoot = async (page: Page, lang: string, route: string) => {
  const name = `${lang}-${route.replace(/[/:]+/g, '_') || 'sign-in'}.png`;
  if (shots) await page.screenshot({ path: path.join(shots, name), fullPage: true });
};

/** The API list whose first record's id fills a `:id` route that is not a resource's own screen. */
const idSources: Record<string, string> = {
  'replay/message/:id': '/messages',
  'Alerts/AddAlertGroup/:id': '/alert-categories',
  'Alerts/EditAlertGroup/:id': '/alert-groups',
  'Alerts/ViewAlertGroup/:id': '/alert-groups',
  'Alerts/AddAlert/:id': '/alert-groups',
  'Alerts/EditAlert/:id': '/alerts',
  'Alerts/ViewAlert/:id': '/alerts',
  'SystemConfigurations/ConfigureBundle/:id': '/config-bundles',
};
/** Screens that take their record as `?id=` (customer/info): how to choose the record. */
const queryIdSources: Record<string, (api: ApiCall) => Promise<string>> = {
  'customer/info': fullestLedger,
};
for (const r of resources)
  for (const screen of Object.values(r.screens ?? {}))
    if (screen.path.includes(':id')) idSources[screen.path] = `/${r.name}`;

type Records<T = object> = (T & { id: string | number })[];
const records = async <T = object>(api: ApiCall, list: string, pageSize: number): Promise<Records<T>> => {
  const body = (await (
    await api('GET', `${list}${list.includes('?') ? '&' : '?'}pageSize=${pageSize}`)
  ).json()) as Records<T> | { items: Records<T> };
  return Array.isArray(body) ? body : body.items;
};

async function firstId(api: ApiCall, list: string): Promise<string> {
  const id = (await records(api, list, 1))[0]?.id;
  if (id === undefined) throw new Error(`no record in ${list} to open`);
  return String(id);
}

/**
 * The customer whose ledger's first page (as the screen shows it: 10 rows) holds the most kinds of
 * row — earning, redemption, reversal, expiry, adjustment, and a campaign's bonus — of the first 100
 * customers. The first customer of the list changes with each day's demo data, and with it what the
 * walk would check (a bonus tag's contrast went unseen until a day's first customer had one).
 */
async function fullestLedger(api: ApiCall): Promise<string> {
  let best = { id: '', kinds: -1 };
  for (const customer of await records(api, '/customers', 100)) {
    const rows = await records<{ kind: string; bonusPoints?: number }>(
      api,
      `/customers/${customer.id}/ledger?sort=occurredAt:desc`,
      10,
    );
    const kinds = new Set(rows.map((r) => (r.bonusPoints ? `${r.kind}+bonus` : r.kind))).size;
    if (kinds > best.kinds) best = { id: String(customer.id), kinds };
  }
  if (!best.id) throw new Error('no customer to open');
  return best.id;
}

/** A configuration item: the first of the first bundle that has any. */
async function firstItemId(api: ApiCall): Promise<string> {
  for (const bundle of await records(api, '/config-bundles', 100)) {
    const item = (await records(api, `/config-bundles/${bundle.id}/items`, 1))[0];
    if (item) return String(item.id);
  }
  throw new Error('no configuration item to open');
}

/** Every route's address with real ids (the demo data's first record). */
async function addresses(api: ApiCall): Promise<{ route: string; url: string }[]> {
  const out = [] as { route: string; url: string }[];
  for (const { path } of dashboardRoutes) {
    let url = path;
    if (queryIdSources[path]) url = `${path}?id=${await queryIdSources[path](api)}`;
    else if (path === 'SystemConfigurations/ConfigureBundle/EditConfiguration/:id') {
      url = path.replace(':id', await firstItemId(api));
    } else if (path.includes(':id')) {
      const list = idSources[path];
      if (!list) throw new Error(`the route ${path} needs an id: name its list in idSources`);
      url = path.replace(':id', await firstId(api, list));
    }
    out.push({ route: path, url: `/dashboard/${url}` });
  }
  return out;
}

type Finding = string;

/** axe-core's serious and critical violations of the WCAG 2.x A/AA rules on the page as shown. */
async function axeViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (
      result.violations as {
        id: string;
        impact: string;
        help: string;
        nodes: { target: string[]; failureSummary: string }[];
      }[]
    ).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes
        .slice(0, 4)
        .map((n) => `    ${n.target.join(' ')} — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 240)}`)
        .join('\n')}`,
  );
}

/**
 * Visible text in Latin script on an Arabic page, but for data (table cells, described values,
 * chosen options, what is typed, names marked `translate="no"`), text marked as another language
 * (`lang="en"`: a customer's English message, a map's credits), codes (capitals, digits, symbols,
 * `{{placeholders}}`), e-mail and web addresses. The names antd's own icons carry as `aria-label`
 * (`right`, `down`) are the library's and are left out: see
 * docs/decisions/accessibility.md.
 */
async function latinText(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const data = 'td, input, textarea, code, [translate="no"], .descriptions dd, .select-chip, .select-value';
    const library = '.anticon';
    const isCode = (word: string) =>
      /^[^a-z]*$/.test(word) ||
      /\d|[@/{]/.test(word) ||
      /^[a-z]+[A-Z_.]/.test(word) ||
      (word.match(/[A-Z]/g) ?? []).length > 1;
    const latinProse = (text: string) =>
      (text.match(/[\p{L}\p{N}_.@/+#:{}-]+/gu) ?? []).some((w) => /[A-Za-z]/.test(w) && !isCode(w));
    const otherLanguage = (el: Element) =>
      !(el.closest('[lang]')?.getAttribute('lang') ?? 'ar').startsWith('ar');
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !/[A-Za-z]/.test(text) || parent.closest(data) || otherLanguage(parent)) continue;
      if (parent.checkVisibility() && latinProse(text)) found.add(text.trim().slice(0, 80));
    }
    // The browser's own file input says "Choose File" in the browser's language, not the page's.
    for (const input of document.querySelectorAll('input[type="file"]'))
      if (input.checkVisibility()) found.add('the browser\'s file input ("Choose File")');
    // Placeholders, labels given as attributes and titles are read too.
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      if (el.closest(`${library}, [translate="no"]`) || otherLanguage(el)) continue;
      // A title on data repeats the data (a cut-off cell's full text).
      for (const attr of el.closest(data)
        ? ['placeholder', 'aria-label']
        : ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(attr);
        if (value && latinProse(value)) found.add(`${attr}="${value.slice(0, 60)}"`);
      }
    }
    return [...found];
  });
}

// Every key of the translation files (a plural's forms as one key, as i18next shows it missing).
const web = path.resolve(import.meta.dirname, '../packages/web/src');
type Tree = { [key: string]: string | Tree };
const leaves = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leaves(v, `${prefix}${k}.`),
  );
const translationKeys = [
  ...new Set(
    [
      `${web}/i18n/en.json`,
      ...readdirSync(`${web}/features`).map((area) => `${web}/features/${area}/locales/en.json`),
    ]
      .filter((file) => existsSync(file))
      .flatMap((file) => leaves(JSON.parse(readFileSync(file, 'utf8'))))
      .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')),
  ),
];

/**
 * Translation keys shown as they are (`analytics.churn.customer.title`): a screen showing strings
 * its area's pages do not load (i18n/areaStrings.json). Only the files' own keys count: data that
 * looks like one (a command code, a configuration key) is not a finding.
 */
async function untranslatedKeys(page: Page): Promise<Finding[]> {
  return page.evaluate((keys) => {
    const keySet = new Set(keys);
    const isKey = (text: string | null | undefined) => !!text && keySet.has(text.trim());
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (isKey(node.textContent) && node.parentElement?.checkVisibility()) {
        found.add((node.textContent ?? '').trim());
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>('[placeholder], [aria-label], [title]')) {
      for (const attr of ['placeholder', 'aria-label', 'title']) {
        if (isKey(el.getAttribute(attr))) found.add(`${attr}="${el.getAttribute(attr)}"`);
      }
    }
    return [...found];
  }, translationKeys);
}

/**
 * At 1,366 px: the page wider than the window (it would scroll sideways as a whole), a list wider
 * than its card (its last columns scrolled out of sight: text wraps instead), and a date or time in
 * a cell broken across lines (at its hyphen).
 */
async function layoutFindings(page: Page): Promise<Finding[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const { scrollWidth, clientWidth } = document.documentElement;
    if (scrollWidth > clientWidth + 1)
      found.push(`the page ${scrollWidth - clientWidth} px wider than the window`);
    for (const box of document.querySelectorAll('.data-table-scroll'))
      if (box.scrollWidth > box.clientWidth + 1)
        found.push(`a list ${box.scrollWidth - box.clientWidth} px wider than its card`);
    for (const cell of document.querySelectorAll('td')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode())
        for (const m of (node.textContent ?? '').matchAll(/\d{4}-\d{2}-\d{2}|\d{2}:\d{2}/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1)
            found.push(`"${m[0]}" broken across lines`);
        }
    }
    return found;
  });
}

/** Waits until the page has drawn its data: no spinner, skeleton or loading overlay left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await page
    .locator('.ant-spin-spinning, .skeleton, .plain-spinner, [data-testid="loading-overlay"]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
}

describe.each(['en', 'ar'] as const)('every route in %s', (lang) => {
  let page: Page;
  let routes: { route: string; url: string }[] = [];
  beforeAll(async () => {
    page = await browser.page();
    await signIn(page, lang);
    routes = await addresses(await staffApi(page));
  });

  it('has every dashboard route reachable with real data', () => {
    expect(routes.length).toBe(dashboardRoutes.length);
  });

  for (const { path } of publicRoutes)
    it(`${path}: no serious accessibility violation${lang === 'ar' ? ', no Latin text' : ''}`, async () => {
      const visitor = await browser.page();
      await visitor.goto(`${path}?lang=${lang}`);
      await settled(visitor);
      await shoot(visitor, lang, path);
      const findings = await axeViolations(visitor);
      if (lang === 'ar') findings.push(...(await latinText(visitor)).map((t) => `Latin text: ${t}`));
      findings.push(...(await untranslatedKeys(visitor)).map((t) => `Untranslated key: ${t}`));
      await visitor.context().close();
      expect(findings, findings.join('\n')).toEqual([]);
    });

  // The dashboard home (the index route, outside the route table), then every screen of the table.
  for (const path of ['dashboard', ...dashboardRoutes.map((r) => r.path)])
    it(`${path}: no serious accessibility violation${lang === 'ar' ? ', no Latin text' : ''}`, async () => {
      const url = path === 'dashboard' ? '/dashboard' : (routes.find((r) => r.route === path)?.url ?? '');
      await page.goto(`${url}${url.includes('?') ? '&' : '?'}lang=${lang}`);
      await settled(page);
      await shoot(page, lang, path);
      const findings = await axeViolations(page);
      if (lang === 'ar') findings.push(...(await latinText(page)).map((t) => `Latin text: ${t}`));
      findings.push(...(await untranslatedKeys(page)).map((t) => `Untranslated key: ${t}`));
      findings.push(...(await layoutFindings(page)).map((t) => `Layout: ${t}`));
      expect(findings, findings.join('\n')).toEqual([]);
    });
});
