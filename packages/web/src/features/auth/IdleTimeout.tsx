import { lazy, Suspense, useEffect } from 'react';
import { logoutSession } from '../../api/auth.ts';
import { setTimedOut } from '../../state/auth.ts';
import { useMe } from '../../state/me.ts';
import { useAppDispatch, useAppSelector } from '../../state/store.ts';

// The dialog (components/Modal.tsx, the sign-in form with antd's Form) loads when a session times out, not with every screen.
const SignInAgain = lazy(() => import('./SignInAgain.tsx'));

const ACTIVITY = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'mousemove'] as const;
const CHECK_EVERY_MS = 5_000;

/**
 * The security policy's idle timeout on the client: after `idleTimeoutSeconds` without a key,
 * click or pointer move, `auth.timedOut` is set, the server session is ended, and a dialog over
 * the (blurred) page asks the same user to sign in again. The page stays as it was — an
 * unsaved form keeps its values — and carries on once signed in.
 */
export function IdleTimeout() {
  const dispatch = useAppDispatch();
  const { data: me } = useMe();
  const { token, timedOut } = useAppSelector((s) => s.auth);
  const limitMs = (me?.idleTimeoutSeconds ?? 0) * 1000;

  useEffect(() => {
    if (!limitMs || !token || timedOut) return;
    let last = Date.now();
    const active = () => {
      last = Date.now();
    };
    for (const e of ACTIVITY) window.addEventListener(e, active, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - last < limitMs) return;
      dispatch(setTimedOut(true));
      void logoutSession().catch(() => undefined);
    }, CHECK_EVERY_MS);
    return () => {
      for (const e of ACTIVITY) window.removeEventListener(e, active);
      window.clearInterval(timer);
    };
  }, [limitMs, token, timedOut, dispatch]);

  if (!timedOut || !token || !me) return null;
  return (
    <Suspense>
      <SignInAgain username={me.username} />
    </Suspense>
  );
}
