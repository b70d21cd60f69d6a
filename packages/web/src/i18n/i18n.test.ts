import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorCodeList, specMessages } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes, menuGroups, publicRoutes } from '../app/routes.ts';
import { tierUi } from '../features/loyalty/tiers/tiers.resource.ts';
import appWide from './en.json';
import {
  areaMessages,
  i18n,
  LAYOUT_AREAS,
  loadLanguage,
  type Messages,
  resources,
  stringsOfArea,
} from './index.ts';

/** Every leaf key of a nested translation tree, dotted. */
function leafKeys(tree: Messages, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : leafKeys(v, `${prefix}${k}.`),
  );
}

const enKeys = leafKeys(resources.en.translation);
const arKeys = leafKeys(resources.ar.translation);

describe('translations', () => {
  it('count in Arabic with its plural forms: one, two, 3–10, 11–99, 100 and up', async () => {
    await loadLanguage('ar', ['messaging']);
    const t = i18n.getFixedT('ar');
    expect([1, 2, 4, 11, 100].map((count) => t('messaging.age.hours', { count }))).toEqual([
      'ساعة واحدة',
      'ساعتان',
      '4 ساعات',
      '11 ساعة',
      '100 ساعة',
    ]);
  });

  it('have the same keys in English and Arabic, at every depth', () => {
    // Plural forms differ by language (Arabic has zero, two, few and many; English one and other).
    const plain = (keys: string[]) => [
      ...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ''))),
    ];
    const [en, ar] = [plain(enKeys), plain(arKeys)];
    expect(ar.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !ar.includes(k))).toEqual([]);
  });

  it('keep each area file in pairs, and no area overrides another or the app-wide strings', () => {
    const en = areaMessages('en');
    const ar = areaMessages('ar');
    expect(ar.map(([p]) => p.replace(/ar\.json$/, ''))).toEqual(en.map(([p]) => p.replace(/en\.json$/, '')));
    // Merging loses a key only when two files define it: then the counts differ.
    const summed = leafKeys(appWide).length + en.reduce((n, [, m]) => n + leafKeys(m).length, 0);
    expect(enKeys.length).toBe(summed);
  });

  it('have no empty text', () => {
    for (const lang of ['en', 'ar'] as const) {
      const empty = leafKeys(resources[lang].translation).filter(
        (k) => !i18n.getResource(lang, 'translation', k)?.trim(),
      );
      expect(empty, lang).toEqual([]);
    }
  });

  it('show every spec message in English exactly as contracts define it (msg.*)', () => {
    expect(resources.en.translation.msg).toEqual(specMessages);
    expect(i18n.t('msg.tierDeleteConfirm', { lng: 'en' })).toBe('Are you sure you want to delete this tire?');
  });

  it('translate every spec message into Arabic', () => {
    for (const key of Object.keys(specMessages)) {
      expect(i18n.t(`msg.${key}`, { lng: 'ar' }), key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('have a text for every API error code, in both languages', () => {
    expect(Object.keys(resources.en.translation.error as Messages).sort()).toEqual([...errorCodeList].sort());
    expect(i18n.t('error.INVALID_CREDENTIALS', { lng: 'en' })).toBe('Invalid username or password');
  });

  it('label every route, menu group and resource screen', () => {
    const used = [
      ...dashboardRoutes.map((r) => `routes.${r.label}`),
      ...publicRoutes.map((r) => `routes.${r.label}`),
      ...menuGroups.map((g) => `menu.groups.${g}`),
      ...tierUi.fields.map((f) => f.label),
      ...tierUi.columns.map((c) => c.label),
      ...Object.values(tierUi.messages),
      'common.submittedForApproval',
    ];
    expect(used.filter((k) => !enKeys.includes(k))).toEqual([]);
  });
});

describe('strings loaded per screen (issue 24)', () => {
  const src = path.resolve(import.meta.dirname, '..');
  // The area each top-level key of an area file belongs to ("tiers" → loyalty, "dashboard" → home).
  const owner = new Map(
    areaMessages('en').flatMap(([file, messages]) =>
      Object.keys(messages).map((key) => [key, file.split('/')[2] as string] as const),
    ),
  );
  const keyPrefix = new RegExp(`['"\`](${[...owner.keys()].join('|')})\\.[A-Za-z$]`, 'g');
  // Another area's widgets (features/<area>/widgets.ts) show that area's strings.
  const widgetImport = /from '(?:\.\.\/)+([a-z]+)\/widgets\.ts'/g;
  /**
   * The areas whose strings the code under `dir` names (a key or a key's prefix, as a literal), or
   * shows through another area's widgets.
   */
  const areasNamedIn = (dir: string): string[] => {
    const named = new Set<string>();
    for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || /\.test\./.test(file)) continue;
      const code = readFileSync(path.join(dir, file), 'utf8');
      for (const m of code.matchAll(keyPrefix)) named.add(owner.get(m[1] as string) as string);
      for (const m of code.matchAll(widgetImport)) named.add(m[1] as string);
    }
    return [...named].sort();
  };
  const shown = (areas: readonly string[]) => new Set(['auth', ...LAYOUT_AREAS, ...areas]);

  it("has the layout's areas cover what the shell and the shared components show", () => {
    const missing = ['app', 'components'].flatMap((dir) =>
      areasNamedIn(path.join(src, dir)).filter((area) => !shown([]).has(area)),
    );
    expect(missing).toEqual([]);
  });

  it("has each area's pages load the strings of every area its code names (areaStrings.json)", () => {
    for (const area of readdirSync(path.join(src, 'features'))) {
      const loaded = shown(stringsOfArea(area));
      const missing = areasNamedIn(path.join(src, 'features', area)).filter((a) => !loaded.has(a));
      expect(missing, `features/${area}: add to "needs" in i18n/areaStrings.json`).toEqual([]);
    }
  });

  it("gives every dashboard screen its own area's strings", () => {
    for (const route of dashboardRoutes) {
      if (route.page) expect(route.page.strings.length, route.path).toBeGreaterThan(0);
    }
  });
});
