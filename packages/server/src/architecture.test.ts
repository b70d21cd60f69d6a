import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers: db/ and platform/ (which use each other: the schema's sealed columns, the
 * audit chain a backup verifies) below modules/, below demo/, below app.ts and main.ts.
 * db/ and platform/ import neither modules/ nor demo/ (nor the app); an area of modules/ reaches
 * another only through its `index.ts` (its public face; its ServerModule is in `module.ts`, which
 * only modules/index.ts lists); demo/ and the app call the areas through `index.ts` too; and no
 * file imports itself round a loop. Type-only imports count: a type is a dependency as well.
 * Tests (`*.test.ts`, `test/`) are clients of the whole app (they build it), so only the
 * `index.ts` rule holds for them, with another area's `testing.ts` (its fixtures) allowed too.
 * Imports are read with the oxc parser rolldown ships (docs/architecture.md, "Layers").
 */
const src = dirname(fileURLToPath(import.meta.url));
/** A small tree of the same shape with one violation of each kind, which the check must find. */
const fixture = 'test/architecture';

/** Every .ts file below `root`, relative and '/'-separated; the fixture is not the server's own. */
function sourcesOf(root: string): string[] {
  return readdirSync(root, { recursive: true })
    .map((f) => String(f).split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith(`${fixture}/`));
}

/** The files `file` imports or re-exports: static, dynamic and type-only; relative ones only. */
export function importsOf(root: string, file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const { module, errors } = parseSync(file, text);
  if (errors.length) throw new Error(`${file}: ${errors[0]?.message}`);
  const specs = [
    ...module.staticImports.map((i) => i.moduleRequest.value),
    ...module.staticExports.flatMap((e) =>
      e.entries.flatMap((x) => (x.moduleRequest ? [x.moduleRequest.value] : [])),
    ),
    ...module.dynamicImports.flatMap((d) => {
      const literal = /^\s*['"`]([^'"`$]+)['"`]\s*$/.exec(
        text.slice(d.moduleRequest.start, d.moduleRequest.end),
      );
      return literal?.[1] ? [literal[1]] : [];
    }),
  ];
  return [
    ...new Set(
      specs.filter((s) => s.startsWith('.')).map((s) => posix.normalize(posix.join(posix.dirname(file), s))),
    ),
  ];
}

const isTest = (file: string) => file.endsWith('.test.ts') || file.startsWith('test/');
const areaOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];
const top = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);
/** What each layer may not import: the layers above it. */
const above: Record<string, string[]> = {
  db: ['modules', 'demo', 'app.ts', 'main.ts'],
  platform: ['modules', 'demo', 'app.ts', 'main.ts'],
  modules: ['demo', 'app.ts', 'main.ts'],
};

/** Why `file` may not import `target`, or undefined when it may. */
export function refusal(file: string, target: string): string | undefined {
  if (!isTest(file) && above[top(file)]?.includes(top(target))) return `${top(file)}/ imports ${top(target)}`;
  const area = areaOf(target);
  if (!area || area === areaOf(file)) return undefined;
  const door = target.slice(`modules/${area}/`.length);
  if (door === 'index.ts') return undefined;
  if (door === 'module.ts' && file === 'modules/index.ts') return undefined;
  if (door === 'testing.ts' && (isTest(file) || file.endsWith('/testing.ts'))) return undefined;
  return `reaches into ${area} past its index.ts`;
}

/** The import graph of the files below `root`. */
function graphOf(root: string): Map<string, string[]> {
  return new Map(sourcesOf(root).map((f) => [f, importsOf(root, f)]));
}

function violations(graph: Map<string, string[]>): string[] {
  return [...graph].flatMap(([file, targets]) =>
    targets.flatMap((t) => {
      const why = refusal(file, t);
      return why ? [`${file} → ${t} (${why})`] : [];
    }),
  );
}

/** The import loops: strongly connected components of more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop() as string;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('architecture: the server layers', () => {
  const graph = graphOf(src);

  it('reads the sources and their imports (the checks below are not vacuous)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('app.ts')).toContain('modules/index.ts');
    // A type-only import is an edge too.
    expect(graph.get('modules/index.ts')).toContain('platform/module.ts');
  });

  it('flags an upward import, a reach past index.ts and a loop in its fixture', () => {
    const small = graphOf(join(src, fixture));
    expect(violations(small).sort()).toEqual([
      'db/rows.ts → demo/seed.ts (db/ imports demo)',
      'modules/b/deep.ts → modules/a/a.service.ts (reaches into a past its index.ts)',
      'platform/p.ts → modules/a/index.ts (platform/ imports modules)',
    ]);
    expect(cycles(small)).toEqual([
      ['modules/a/a.service.ts', 'modules/a/index.ts', 'modules/b/b.service.ts', 'modules/b/index.ts'],
    ]);
  });

  it('platform/ and db/ import neither modules/ nor demo/; an area reaches another only through its index.ts', () => {
    expect(violations(graph)).toEqual([]);
  });

  it('has no import loop', () => {
    expect(cycles(graph)).toEqual([]);
  });
});
