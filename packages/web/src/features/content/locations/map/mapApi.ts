import type { LocationMapSettings, LocationMarker } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../../api/typed.ts';

/** Every location as a marker (the list's map clusters them all, not one page of the table). */
export const useLocationMarkers = () =>
  useQuery({
    queryKey: ['locations', 'markers'],
    queryFn: ({ signal }): Promise<{ items: LocationMarker[] }> =>
      apiGet('/api/admin/locations/markers', { signal }),
  });

/** The base layer: the configured tile server, or none (offline outlines). */
export const useMapSettings = () =>
  useQuery({
    queryKey: ['locations', 'map-settings'],
    queryFn: ({ signal }): Promise<LocationMapSettings> =>
      apiGet('/api/admin/locations/map-settings', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
