import type { LocationMapSettings, LocationMarker } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { apiGet } from '../../../../api/typed.ts';
import outlinesUrl from './countries.geo.json?url';

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

/**
 * The offline base layer's country outlines: a static file of the build (hashed, cached for good),
 * fetched only when no tile server is configured, so it stays out of the map's JavaScript.
 */
export const useCountryOutlines = (enabled: boolean) =>
  useQuery({
    queryKey: ['locations', 'outlines'],
    queryFn: async ({ signal }): Promise<FeatureCollection> => {
      const response = await fetch(outlinesUrl, { signal });
      if (!response.ok) throw new Error(`outlines: HTTP ${response.status}`);
      return response.json();
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
