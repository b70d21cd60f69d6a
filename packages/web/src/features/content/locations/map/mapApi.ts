import { type LocationMapSettings, type LocationMarker, locationResource } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../../../api/client.ts';
import { resourceEndpoint } from '../../../../api/resource.ts';

const endpoint = resourceEndpoint(locationResource);

/** Every location as a marker (the list's map clusters them all, not one page of the table). */
export const useLocationMarkers = () =>
  useQuery({
    queryKey: ['locations', 'markers'],
    queryFn: ({ signal }) => get<{ items: LocationMarker[] }>(`${endpoint}/markers`, undefined, signal),
  });

/** The base layer: the configured tile server, or none (offline outlines). */
export const useMapSettings = () =>
  useQuery({
    queryKey: ['locations', 'map-settings'],
    queryFn: ({ signal }) => get<LocationMapSettings>(`${endpoint}/map-settings`, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
