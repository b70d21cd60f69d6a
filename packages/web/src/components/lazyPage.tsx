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
}

/** A resource's lazy pages, one per screen of its contracts descriptor (`screens`). */
export type ScreenPages = Partial<Record<ScreenKind, PageLoader>>;

export function lazyPage(load: () => Promise<PageModule>, timeoutMs = PAGE_LOAD_TIMEOUT_MS): PageLoader {
  // React.lazy caches a failed load for good, so a retry needs a new lazy component.
  const make = () =>
    lazy(() =>
      withTimeout(load(), timeoutMs).catch((e: unknown) => {
        throw e instanceof PageLoadError ? e : new PageLoadError(String(e), { cause: e });
      }),
    );
  const loader: PageLoader = {
    component: make(),
    reload() {
      loader.component = make();
    },
  };
  return loader;
}

/**
 * Renders a page loaded on demand: the full-screen overlay while it loads, an error screen with
 * Retry when the import fails or times out; Retry starts a fresh import.
 */
export function LazyPage({ page }: { page: PageLoader }) {
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    page.reload();
    setAttempt((n) => n + 1);
  };
  const Page = page.component;
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
