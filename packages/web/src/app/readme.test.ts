import { readFileSync } from 'node:fs';
import path from 'node:path';
import { menuGroups } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json' with { type: 'json' };
import { dashboardRoutes } from './routes.ts';

/** The README's sentence naming the menu groups that still show "coming soon". */
function comingSoonSentence(): string {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const found = /([^.]*)\bstill show "coming soon"/.exec(readme.replace(/\s+/g, ' '));
  if (!found?.[1]) throw new Error('README.md no longer says which screens still show "coming soon"');
  return found[1];
}

describe('README', () => {
  it('names every menu group with no built screen, and none whose screens are all built', () => {
    const sentence = comingSoonSentence();
    for (const group of menuGroups) {
      const routes = dashboardRoutes.filter((r) => r.group === group && r.path !== 'ComingSoon');
      const built = routes.filter((r) => r.page !== undefined).length;
      const label = en.menu.groups[group];
      if (built === 0) expect(sentence, `${label} shows only "coming soon"`).toContain(label);
      if (built === routes.length) expect(sentence, `${label} is built`).not.toContain(label);
    }
  });
});
