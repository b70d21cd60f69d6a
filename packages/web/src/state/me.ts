import { SUPER_ADMIN_ROLE } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { fetchMe } from '../api/auth.ts';
import { useAppSelector } from './store.ts';

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

/**
 * The signed-in user's role: the token's (spec §4, `auth.role`), refined by the profile once it
 * has loaded (a role changed since the token was issued shows at once).
 */
export function useRole(): string | null {
  const tokenRole = useAppSelector((s) => s.auth.role);
  const { data: me } = useMe();
  return me?.role ?? tokenRole;
}

/** `can(code)`: may the user do this? No code means "anyone signed in"; the super administrator may do all. */
export function useCan(): (permission: string | undefined) => boolean {
  const { data: me } = useMe();
  const role = useRole();
  return useCallback(
    (permission) =>
      permission === undefined ||
      role === SUPER_ADMIN_ROLE ||
      (me?.permissions.includes(permission) ?? false),
    [me, role],
  );
}
