import type { Page } from 'playwright-core';
import approvalsAr from '../packages/web/src/features/approvals/locales/ar.json' with { type: 'json' };
import approvalsEn from '../packages/web/src/features/approvals/locales/en.json' with { type: 'json' };
import importsAr from '../packages/web/src/features/imports/locales/ar.json' with { type: 'json' };
import importsEn from '../packages/web/src/features/imports/locales/en.json' with { type: 'json' };
import ar from '../packages/web/src/i18n/ar.json' with { type: 'json' };
import en from '../packages/web/src/i18n/en.json' with { type: 'json' };
import type { ApiCall } from './api.ts';
import { approveFirstPending, toast } from './browser.ts';

/** The imports' browser tests' shared steps and texts. */
export const importTexts = {
  en: { ...en, ...importsEn, ...approvalsEn },
  ar: { ...ar, ...importsAr, ...approvalsAr },
} as const;

/** Puts `import.post` under maker-checker; the one signed-in person plays the checker too (self-approval). */
export const gateImportPosting = (staff: ApiCall, on: boolean) =>
  staff('PUT', '/maker-checker', {
    enabled: true,
    allowSelfApproval: on,
    checkerPermission: 'approval.check',
    services: [{ serviceId: 'import.post', approvalRequired: true }],
  });

/**
 * Approves the pending request on the Approvals screen, opens the import's page again and watches
 * the posting to its end. The browser tests' product runs without the periodic job runner
 * (NODE_ENV=test: jobs run when a route asks), and an approval asks no job to run: the page's
 * Pause and Resume (which asks the posting job to run now) start it, as an operator could.
 */
export async function approveAndWatch(page: Page, lang: 'en' | 'ar', importUrl: string) {
  const t = importTexts[lang];
  await approveFirstPending(page, lang);
  await page.goto(importUrl);
  await page.getByText(t.imports.statuses.QUEUED).first().waitFor();
  await page.getByRole('button', { name: t.imports.pause }).click();
  await toast(page, t.imports.paused);
  await page.getByRole('button', { name: t.imports.resume }).click();
  await toast(page, t.imports.resumed);
  await page.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 30_000 });
  await page.getByText(t.imports.statuses.DONE, { exact: true }).first().waitFor();
}
