import type { ScreenKind } from '@loyalty/contracts';
import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { stringsOfArea, useAreaStrings } from '../i18n/index.ts';
import type { Lang } from '../i18n/lang.ts';
import { LoadingOverlay } from './LoadingOverlay.tsx';
import { PlainButton, ProblemPanel } from './plain.tsx';

/** Spec §2/§9: a page that has not loaded after 120 seconds counts as failed. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded (network error or timeout). */
export class PageLoadError extends Error {
  override name = 'PageLoadError';
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PageLoadError(`Page load timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export type PageModule = { default: ComponentType };

/** A page's code, loaded on first render; `reload()` replaces a failed load with a fresh one. */
export interface PageLoader {
  component: LazyExoticComponent<ComponentType>;
  reload(): void;
  /** Starts loading the code before the page renders (while its strings load). */
  preload(): void;
  /** The areas whose strings the page shows, loaded before it renders (`areaPages`). */
  strings: readonly string[];
}

/** A resource's lazy pages, one per screen of its contracts descriptor (`screens`). */
export type ScreenPages = Partial<Record<ScreenKind, PageLoader>>;

export function lazyPage(
  load: () => Promise<PageModule>,
  timeoutMs = PAGE_LOAD_TIMEOUT_MS,
  strings: readonly string[] = [],
): PageLoader {
  // One import per attempt, shared by `preload` and the lazy component; React.lazy caches a
  // failed load for good, so a retry needs a new lazy component and a new import.
  let pending: Promise<PageModule> | undefined;
  const start = () => {
    pending ??= withTimeout(load(), timeoutMs).catch((e: unknown) => {
      throw e instanceof PageLoadError ? e : new PageLoadError(String(e), { cause: e });
    });
    return pending;
  };
  const loader: PageLoader = {
    component: lazy(start),
    preload() {
      start().catch(() => undefined); // a failure shows when the page renders
    },
    reload() {
      pending = undefined;
      loader.component = lazy(start);
    },
    strings,
  };
  return loader;
}

/**
 * The lazy pages of an area (`features/<area>/pages.ts`): each loads the area's strings, and those
 * of the areas it names in i18n/areaStrings.json, with its code.
 */
export function areaPages(area: string): (load: () => Promise<PageModule>) => PageLoader {
  const strings = stringsOfArea(area);
  return (load) => lazyPage(load, PAGE_LOAD_TIMEOUT_MS, strings);
}

/**
 * Renders a page loaded on demand: the full-screen overlay while its code and its strings load, an
 * error screen with Retry when the import fails or times out; Retry starts a fresh import.
 */
export function LazyPage({ page }: { page: PageLoader }) {
  const { i18n } = useTranslation();
  const stringsReady = useAreaStrings(i18n.language as Lang, page.strings);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    page.reload();
    setAttempt((n) => n + 1);
  };
  const Page = page.component;
  if (!stringsReady) {
    page.preload(); // the code and the strings load side by side
    return <LoadingOverlay />;
  }
  return (
    <PageLoadBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<LoadingOverlay />}>
        <Page />
      </Suspense>
    </PageLoadBoundary>
  );
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches page-load failures only; any other error goes on to the route's error element. */
class PageLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error instanceof PageLoadError) return <PageLoadFailed onRetry={this.props.onRetry} />;
    if (error !== undefined) throw error;
    return this.props.children;
  }
}

function PageLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ProblemPanel
      tone="warning"
      title={t('common.pageLoadFailed')}
      text={t('common.pageLoadFailedText')}
      action={
        <PlainButton primary onClick={onRetry}>
          {t('common.retry')}
        </PlainButton>
      }
    />
  );
}
