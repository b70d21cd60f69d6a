import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { connectStepUp } from '../../api/client.ts';

// The dialog (components/Modal.tsx, the code form with antd's Form) loads the first time a step-up is asked for.
const StepUpDialog = lazy(() => import('./StepUpDialog.tsx'));

/**
 * Step-up for protected operations: when the server answers 403 STEP_UP_REQUIRED (an SCA rule
 * covers approvals or security changes), the API client waits on this dialog; a valid code
 * steps the session up for five minutes and the request is sent again.
 */
export function StepUpPrompt() {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const settle = useRef<((ok: boolean) => void) | undefined>(undefined);

  useEffect(() => {
    connectStepUp(
      () =>
        new Promise<boolean>((resolve) => {
          settle.current?.(false);
          settle.current = resolve;
          setAsked(true);
          setOpen(true);
        }),
    );
    return () => connectStepUp(undefined);
  }, []);

  const finish = (ok: boolean) => {
    settle.current?.(ok);
    settle.current = undefined;
    setOpen(false);
  };

  if (!asked) return null;
  return (
    <Suspense>
      <StepUpDialog open={open} onDone={finish} />
    </Suspense>
  );
}
