import { i18n } from '../i18n/index.ts';
import { setVisitorId } from '../state/auth.ts';
import type { AppStore } from '../state/store.ts';
import { showToast } from '../state/toast.ts';

const SEED_KEY = 'loyalty.visitorSeed';

function seed(): string {
  let value = localStorage.getItem(SEED_KEY);
  if (!value) {
    value = crypto.randomUUID();
    localStorage.setItem(SEED_KEY, value);
  }
  return value;
}

/**
 * A stable browser identifier (spec §2): SHA-256 of browser and screen traits plus a random seed
 * kept in localStorage, so two identical machines still differ. Sent with sign-in for the audit.
 */
export async function computeVisitorId(): Promise<string> {
  const traits = [
    navigator.userAgent,
    navigator.language,
    navigator.languages?.join(',') ?? '',
    String(navigator.hardwareConcurrency ?? ''),
    `${screen.width}x${screen.height}x${screen.colorDepth}`,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    seed(),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Computes the visitor id at start-up; on failure a toast shows the error message (spec §2). */
export async function identifyVisitor(store: AppStore): Promise<void> {
  try {
    store.dispatch(setVisitorId(await computeVisitorId()));
  } catch (e) {
    store.dispatch(
      showToast({
        summary: i18n.t('msg.somethingWentWrong'),
        detail: e instanceof Error ? e.message : String(e),
      }),
    );
  }
}
