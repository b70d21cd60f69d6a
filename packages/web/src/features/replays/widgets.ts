import { type ComponentProps, createElement, lazy, Suspense } from 'react';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';

/**
 * What other areas may embed of replays (see architecture.test.ts): "What would this have cost?"
 * for a change, on its edit screen and on its approval request. Its code loads when first shown.
 */
export { isReplayable } from './replayable.ts';

const Panel = lazy(() => import('./ReplayPanel.tsx'));

export function ReplayPanel(props: ComponentProps<typeof Panel>) {
  return createElement(
    Suspense,
    { fallback: createElement(InlineLoading, { text: '' }) },
    createElement(Panel, props),
  );
}
