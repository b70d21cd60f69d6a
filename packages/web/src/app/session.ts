import { SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchMe } from '../api/auth.ts';
import { connectSession, refreshSession } from '../api/client.ts';
import { logout, setTimedOut, setToken } from '../state/auth.ts';
import { type AppStore, useAppSelector } from '../state/store.ts';

/** Lets the API client read the token and report refreshes and expiry to the store. */
export function bindApiToStore(store: AppStore): void {
  connectSession({
    getToken: () => store.getState().auth.token,
    onRefreshed: (token) => store.dispatch(setToken(token)),
    onExpired: () => {
      // A session that ends on its own (not by "Sign out") asks the user to sign in again.
      if (store.getState().auth.token) store.dispatch(setTimedOut(true));
      store.dispatch(logout());
    },
  });
}

/**
 * The access token lives only in memory, so after a reload the session is restored from the
 * httpOnly refresh cookie. Resolves either way; a 401 simply means "signed out".
 */
export async function restoreSession(): Promise<void> {
  await refreshSession().catch(() => undefined);
}

export const meQueryKey = ['me'] as const;

/** The signed-in staff member (name, role, permission codes). */
export function useMe() {
  const token = useAppSelector((s) => s.auth.token);
  return useQuery({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    enabled: token !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `can(code)`: may the user do this? No code means "anyone signed in". */
export function useCan(): (permission: string | undefined) => boolean {
  const { data: me } = useMe();
  return useCallback(
    (permission) =>
      permission === undefined ||
      me?.role === SUPER_ADMIN_ROLE ||
      (me?.permissions.includes(permission) ?? false),
    [me],
  );
}
