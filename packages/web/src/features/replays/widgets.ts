import { type ComponentProps, createElement, lazy, Suspense } from 'react';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';

/**
 * What other areas may embed of replays (see architecture.test.ts): "What would this have cost?"
 * for a change, on its edit screen (a button, or a resource field's addon) and on its approval
 * request. The panel's code loads when first shown.
 */
export { ReplayButton, replayAddon } from './ReplayButton.tsx';
export { isReplayable } from './replayable.ts';

const Panel = lazy(() => import('./ReplayPanel.tsx'));

export function ReplayPanel(props: ComponentProps<typeof Panel>) {
  return createElement(
    Suspense,
    { fallback: createElement(InlineLoading, { text: '' }) },
    createElement(Panel, props),
  );
}
