import { type LocationMarker, localText } from '@loyalty/contracts';
import L from 'leaflet';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import Supercluster, { type PointFeature } from 'supercluster';
import { Alert } from '../../../../components/Alert.tsx';
import { LangLink } from '../../../../components/LangLink.tsx';
import { useLang } from '../../../../i18n/lang.ts';
import { locationUi } from '../locations.resource.tsx';
import { MapFrame } from './MapFrame.tsx';
import { useLocationMarkers } from './mapApi.ts';

type Point = PointFeature<LocationMarker>;

const markerIcon = (m: LocationMarker) =>
  L.divIcon({
    className: '',
    html: `<div class="location-marker ${m.status === 'ACTIVE' ? m.type.toLowerCase() : 'inactive'}"></div>`,
    iconSize: [22, 22],
    iconAnchor: [11, 22],
    popupAnchor: [0, -22],
  });

const clusterIcon = (count: number) =>
  L.divIcon({
    className: '',
    html: `<div class="location-cluster${count >= 20 ? ' large' : ''}" data-testid="location-cluster">${count}</div>`,
    iconSize: [40, 40],
    iconAnchor: [20, 20],
  });

// Wide enough that two clusters' 36-44 px badges do not cover each other (a click target of at
// least 24 px for each, WCAG 2.5.8).
const clusterRadius = 80;

/** The markers in view, grouped into numbered clusters below the zoom where they stand apart. */
function ClusteredMarkers({ markers }: { markers: LocationMarker[] }) {
  const map = useMap();
  const { t } = useTranslation();
  const { lang } = useLang();
  const [view, setView] = useState(() => ({ bounds: map.getBounds(), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ bounds: map.getBounds(), zoom: map.getZoom() }) });

  const index = useMemo(() => {
    const points: Point[] = markers.map((m) => ({
      type: 'Feature',
      properties: m,
      geometry: { type: 'Point', coordinates: [m.longitude, m.latitude] },
    }));
    return new Supercluster<LocationMarker>({ radius: clusterRadius, maxZoom: 16 }).load(points);
  }, [markers]);

  const { bounds, zoom } = view;
  const clusters = index.getClusters(
    [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    Math.round(zoom),
  );
  return clusters.map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    if ('cluster' in feature.properties && feature.properties.cluster) {
      const { cluster_id: id, point_count: count } = feature.properties;
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lng]}
          icon={clusterIcon(count)}
          title={t('content.locations.map.cluster', { count })}
          eventHandlers={{
            click: () => map.flyTo([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18)),
          }}
        />
      );
    }
    const m = feature.properties as LocationMarker;
    const name = lang === 'ar' ? m.nameAr : m.nameEn;
    return (
      <Marker key={m.id} position={[lat, lng]} icon={markerIcon(m)} title={name} alt={name}>
        <Popup>
          <div className="location-popup" dir={lang === 'ar' ? 'rtl' : 'ltr'}>
            <strong>{name}</strong>
            <div>
              {t(`content.locations.types.${m.type}`)} · {localText(m.city, m.cityAr, lang)}
            </div>
            <LangLink to={locationUi.paths.edit(m.id)}>{t('content.locations.map.edit')}</LangLink>
          </div>
        </Popup>
      </Marker>
    );
  });
}

/** The list screen's map: every branch and ATM, clustered. */
export default function LocationsMap() {
  const { t } = useTranslation();
  const markers = useLocationMarkers();
  if (markers.isError) return <Alert type="error" title={t('content.locations.map.failed')} />;
  return (
    <MapFrame label={t('content.locations.map.label')}>
      <ClusteredMarkers markers={markers.data?.items ?? []} />
    </MapFrame>
  );
}
