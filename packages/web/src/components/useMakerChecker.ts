import type { MakerCheckerCatalog } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet } from '../api/typed.ts';
import { setServices, setServiceTypes } from '../state/makerChecker.ts';
import { useAppDispatch, useAppSelector } from '../state/store.ts';

/** Query-cache key of the catalogue: every maker-checker write refreshes it. */
export const catalogKey = ['maker-checker', 'catalog'] as const;

/**
 * The maker-checker catalogue of the signed-in user's session: loaded once signed in, put into
 * the `makerChecker` slice (service types by id, services by serviceId). Mounted by the layout.
 */
export function useMakerCheckerCatalog() {
  const signedIn = useAppSelector((s) => s.auth.token !== null);
  const dispatch = useAppDispatch();
  const catalog = useQuery({
    queryKey: catalogKey,
    queryFn: ({ signal }): Promise<MakerCheckerCatalog> =>
      apiGet('/api/admin/maker-checker/catalog', { signal }),
    enabled: signedIn,
    staleTime: 60_000,
    retry: false,
  });
  useEffect(() => {
    if (!catalog.data) return;
    dispatch(setServiceTypes(catalog.data.serviceTypes));
    dispatch(setServices(catalog.data.services));
  }, [catalog.data, dispatch]);
  return catalog;
}

/** Will a write of this service (command name) wait for a checker? */
export function useNeedsApproval(serviceId: string | undefined): boolean {
  const enabled = useMakerCheckerCatalog().data?.config.enabled ?? false;
  const required = useAppSelector((s) =>
    serviceId ? s.makerChecker.services[serviceId]?.approvalRequired === true : false,
  );
  return enabled && required;
}
