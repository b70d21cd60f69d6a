import { describe, expect, it } from 'vitest';

/**
 * The import direction of the web app: app → features → components → (api, state, i18n).
 * components/ import neither app/ nor features/; a feature imports no other feature and not the
 * app — except the widgets another area offers for embedding, in its `widgets.ts` (analytics'
 * churn card on customer/info); the bottom layers import none of the layers above them. Shared
 * widgets belong in components/, so this cannot drift back.
 */
const sources = import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.d.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** `./features/logs/AdminLogsPage.tsx` + `../../components/x.ts` → `components/x.ts`. */
function resolve(from: string, spec: string): string {
  const parts = from.replace(/^\.\//, '').split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** Every relative module a file imports or re-exports (static or dynamic). */
function importsOf(file: string, text: string): string[] {
  const specs = [
    ...text.matchAll(/\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g),
    ...text.matchAll(/^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm),
  ].map((m) => m[1] as string);
  return specs.map((spec) => resolve(file, spec));
}

/** What a file may not import, or undefined when anything goes (app/, main.tsx, test/). */
function forbidden(file: string): ((target: string) => boolean) | undefined {
  const [top, area] = file.replace(/^\.\//, '').split('/');
  const under = (target: string, ...dirs: string[]) => dirs.some((d) => target.startsWith(`${d}/`));
  if (top === 'components') return (target) => under(target, 'app', 'features');
  if (top === 'features')
    return (target) =>
      under(target, 'app') ||
      (under(target, 'features') &&
        !target.startsWith(`features/${area}/`) &&
        !/^features\/[^/]+\/widgets\.ts$/.test(target));
  // Their tests may render the app (e.g. i18n's tests check every screen's strings).
  if ((top === 'api' || top === 'state' || top === 'i18n') && !/\.test\.tsx?$/.test(file))
    return (target) => under(target, 'app', 'features', 'components');
  return undefined;
}

function violations(): string[] {
  return Object.entries(sources).flatMap(([file, text]) => {
    const refuses = forbidden(file);
    if (!refuses) return [];
    return importsOf(file, text)
      .filter(refuses)
      .map((target) => `${file.replace(/^\.\//, '')} → ${target}`);
  });
}

describe('architecture: import direction', () => {
  it('reads the sources (the check below is not vacuous)', () => {
    const files = Object.keys(sources);
    expect(files).toContain('./components/ResourceTable.tsx');
    expect(files.some((f) => f.startsWith('./features/logs/'))).toBe(true);
    expect(
      importsOf('./features/logs/AdminLogsPage.tsx', sources['./features/logs/AdminLogsPage.tsx'] ?? ''),
    ).toContain('components/useListUrl.ts');
  });

  it('flags an upward or sideways import', () => {
    expect(forbidden('./components/X.tsx')?.('app/session.ts')).toBe(true);
    expect(forbidden('./components/X.tsx')?.('features/approvals/ApprovalNotice.tsx')).toBe(true);
    expect(forbidden('./features/logs/X.tsx')?.('features/approvals/useListUrl.ts')).toBe(true);
    expect(forbidden('./features/logs/X.tsx')?.('features/logs/api.ts')).toBe(false);
    expect(forbidden('./features/logs/X.tsx')?.('components/useListUrl.ts')).toBe(false);
    expect(forbidden('./state/X.ts')?.('components/X.tsx')).toBe(true);
  });

  it('components import neither app nor features; a feature imports no other feature nor the app', () => {
    expect(violations()).toEqual([]);
  });
});
