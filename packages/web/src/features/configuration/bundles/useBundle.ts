import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { configApi, configKeys } from './api.ts';
import { configBundleUi } from './bundles.resource.tsx';

/** The bundle named by the route's `:id`, and its items. */
export function useBundle() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const bundle = useQuery({
    queryKey: [configBundleUi.key, 'detail', id],
    queryFn: ({ signal }) => configBundleUi.api.get(id, signal),
    enabled: valid,
  });
  const items = useQuery({
    queryKey: configKeys.items(id),
    queryFn: ({ signal }) => configApi.items(id, signal),
    enabled: valid,
  });
  return { id, valid, bundle, items };
}
