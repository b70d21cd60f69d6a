// `npm run size` (issue 24): the gzipped JavaScript each route of the built web app downloads, from
// Vite's build manifest (packages/web/dist/.vite/manifest.json), checked against its budget.
//   sign-in (`/`): the entry and its static imports + the login page's chunks + its strings
//   every other page: the entry + the dashboard layout + the screen table + the layout's strings,
//   each with its static imports, plus the page and everything it lazy-loads (ECharts, the map …)
//   and the strings of its area and of those it needs (src/i18n/areaStrings.json)
// Strings are counted in Arabic, the larger language. Exits 1 when a route is over its budget.
// `--all` lists every page, not only the heaviest; `--dist <dir>` reads another build; `--chunks <page>`
// lists what one page downloads.
// The budgets are issue 24's targets, both met: the sign-in page ≤ 200 KB (since it is drawn without
// antd), every screen ≤ 400 KB (since the legal texts' editor is ProseMirror without Tiptap); see
// docs/performance.md, "First page".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const SIGN_IN_BUDGET = 200 * KB;
const SCREEN_BUDGET = 400 * KB;
const ENTRY = 'index.html';
const LOGIN_PAGE = 'src/features/auth/LoginPage.tsx';
const LAYOUT = 'src/app/DashboardLayout.tsx';
const SCREENS = 'src/app/dashboardScreens.tsx';
// Strings load on demand (src/i18n/index.ts): counted in Arabic, the larger language.
const isArabicStrings = (key) =>
  key === 'src/i18n/ar.json' ||
  /\/locales\/ar\.json$/.test(key) ||
  key.endsWith('antd/locale/ar_EG.js') ||
  key.endsWith('dayjs/locale/ar.js');
const PUBLIC_STRINGS = ['src/i18n/ar.json', 'src/features/auth/locales/ar.json'];
const areaStrings = JSON.parse(
  readFileSync(new URL('../packages/web/src/i18n/areaStrings.json', import.meta.url), 'utf8'),
);
const areaFile = (area) => `src/features/${area}/locales/ar.json`;
/** The strings a page loads with its code: its area's and those its area needs (lazyPage.tsx). */
const pageStrings = (key) => {
  const area = /^src\/features\/([^/]+)\//.exec(key)?.[1];
  return area ? [area, ...(areaStrings.needs[area] ?? [])].map(areaFile).filter((k) => manifest[k]) : [];
};

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'web');
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : path.join(webRoot, 'dist');
let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest at packages/web/dist/.vite/manifest.json: run `npm run build` first.');
  process.exit(1);
}

// A resource definition's screens have no page file: components/resourcePages.tsx loads the
// definition beside the generic table or form, and the form with the date, time and image inputs
// its fields use. Such a page is counted as the definition's chunk with the screen's chunks.
const RESOURCE_DEFINITION = /\.resource\.tsx?$/;
// The form loads these only for fields that use them (`controlsOf`): counted with the resource
// definitions whose fields do (`derivedScreens`), not with every page that shows a form.
const FORM_CONTROLS = new Set(['DayInput', 'ImageUpload']);
// Loaded on a click, not with any screen (the replay's panel opens from a button or a request's
// drawer): left out of the pages that offer it, and budgeted as a route of its own.
const ON_CLICK = new Set(['ReplayPanel']);
/** The manifest key of a chunk by its name (a module imported both ways has no `src/` key). */
const chunkNamed = (name) => {
  const key = Object.keys(manifest).find((k) => manifest[k].name === name);
  if (!key) throw new Error(`no chunk named ${name} in the build manifest`);
  return key;
};
/** A resource definition's list and form pages, with what each loads beside the definition. */
function derivedScreens(key) {
  const source = readFileSync(path.join(webRoot, key), 'utf8');
  const inputs = new Set([...source.matchAll(/input: '(date|time|image)'/g)].map((m) => m[1]));
  const controls = [...inputs].map((input) => chunkNamed(input === 'image' ? 'ImageUpload' : 'DayInput'));
  return [
    { name: `${key} (list)`, extra: [chunkNamed('ResourceTable')] },
    { name: `${key} (form)`, extra: [chunkNamed('ResourceFormPages'), ...new Set(controls)] },
  ];
}

const gzipped = new Map();
/** A chunk file's size gzipped at level 9 (what a pre-compressing server or CDN sends). */
function gzSize(file) {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}

/**
 * The manifest keys `keys` load: their static imports, and with `lazy` their dynamic imports too,
 * recursively — except those of the chunks in `shell` (the entry, the layout, the screen table:
 * their dynamic imports are the other routes' pages).
 */
function closure(keys, lazy, into = new Set(), shell = into) {
  for (const key of keys) {
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    into.add(key);
    closure(chunk.imports ?? [], lazy, into, shell);
    if (lazy && !shell.has(key))
      closure(
        (chunk.dynamicImports ?? []).filter(
          (k) =>
            !(chunk.name === 'ResourceFormPages' && FORM_CONTROLS.has(manifest[k].name)) &&
            !ON_CLICK.has(manifest[k].name),
        ),
        lazy,
        into,
        shell,
      );
  }
  return into;
}

const total = (keys) => [...keys].reduce((sum, key) => sum + gzSize(manifest[key].file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const strings = Object.keys(manifest).filter(isArabicStrings);
const entry = closure([ENTRY], false);
// Every dashboard screen: the layout, the screen table, the app-wide, public and layout strings.
const shellStrings = strings.filter(
  (key) =>
    PUBLIC_STRINGS.includes(key) ||
    /(antd|dayjs)\/locale/.test(key) ||
    areaStrings.layout.some((area) => key === areaFile(area)),
);
const shell = closure(
  [LAYOUT, SCREENS, ...shellStrings].filter((key) => manifest[key]),
  false,
  new Set(entry),
);
const routes = [
  {
    name: '/ (sign-in)',
    keys: closure(
      [
        LOGIN_PAGE,
        ...strings.filter((key) => PUBLIC_STRINGS.includes(key) || /(antd|dayjs)\/locale/.test(key)),
      ],
      false,
      new Set(entry),
    ),
    budget: SIGN_IN_BUDGET,
  },
  ...Object.keys(manifest)
    .filter(
      (key) =>
        manifest[key].isDynamicEntry &&
        key.startsWith('src/') &&
        ![LAYOUT, SCREENS].includes(key) &&
        !key.endsWith('.json'),
    )
    .flatMap((key) =>
      (RESOURCE_DEFINITION.test(key)
        ? derivedScreens(key)
        : [{ name: ON_CLICK.has(manifest[key].name) ? `${key} (on a click)` : key, extra: [] }]
      ).map(({ name, extra }) => ({
        name,
        keys: closure([key, ...extra, ...pageStrings(key)], true, new Set(shell), shell),
        budget: SCREEN_BUDGET,
      })),
    ),
].map((route) => ({ ...route, size: total(route.keys) }));

const [signIn, ...screens] = routes;
screens.sort((a, b) => b.size - a.size);
const shown = process.argv.includes('--all') ? screens : screens.slice(0, 10);
const over = routes.filter((r) => r.size > r.budget);

console.log(`Gzipped JavaScript per route (level 9), from ${path.join(dist, '.vite', 'manifest.json')}\n`);
for (const r of [signIn, ...shown]) {
  const flag = r.size > r.budget ? '  OVER BUDGET' : '';
  console.log(`${kb(r.size).padStart(10)} / ${kb(r.budget).padEnd(9)} ${r.name}${flag}`);
}
if (shown.length < screens.length)
  console.log(`… and ${screens.length - shown.length} lighter pages (--all)`);
const worst = screens[0]?.size ?? 0;
console.log(
  `\nIssue 24's targets: sign-in ${kb(SIGN_IN_BUDGET)} (now ${kb(signIn.size)}), ` +
    `any screen ${kb(SCREEN_BUDGET)} (heaviest now ${kb(worst)}).`,
);
/** A route's chunks, heaviest first; `withKey` adds each chunk's manifest key (its source). */
function listChunks(title, keys, withKey = false) {
  console.log(`\n${title} chunks:`);
  for (const key of [...keys].sort((a, b) => gzSize(manifest[b].file) - gzSize(manifest[a].file)))
    console.log(
      `${kb(gzSize(manifest[key].file)).padStart(10)}  ${manifest[key].file}${withKey ? `  ${key}` : ''}`,
    );
}
listChunks('Sign-in', signIn.keys);
// `--chunks <page>`: what a page downloads (a page's key or the end of it).
const chunksArg = process.argv.indexOf('--chunks');
if (chunksArg > 0) {
  const route = screens.find((r) => r.name.endsWith(process.argv[chunksArg + 1]));
  if (!route) throw new Error(`no page ending in ${process.argv[chunksArg + 1]}`);
  listChunks(route.name, route.keys, true);
}
if (over.length) {
  console.error(`\n${over.length} route(s) over budget: ${over.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
console.log(`\nAll ${routes.length} routes within budget.`);
