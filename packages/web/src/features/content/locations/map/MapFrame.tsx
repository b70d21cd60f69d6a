import 'leaflet/dist/leaflet.css';
import './map.css';
import L from 'leaflet';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  GeoJSON,
  MapContainer,
  Marker,
  Pane,
  TileLayer,
  useMap,
  useMapEvents,
  ZoomControl,
} from 'react-leaflet';
import { useLang } from '../../../../i18n/lang.ts';
import { cityLabels, MAJOR_CITIES } from './cities.ts';
import { useCountryOutlines, useMapSettings } from './mapApi.ts';

/** The country the demo bank serves (docs/decisions/content.md): the map opens on it. */
const HOME_COUNTRY = 'Saudi Arabia';
export const HOME_VIEW = { center: [23.9, 45.1] as [number, number], zoom: 5 };

const outlineStyle = (feature?: { properties?: { name?: string } }) =>
  feature?.properties?.name === HOME_COUNTRY
    ? { color: '#8c7b5e', weight: 1.5, fillColor: '#fbf7ec', fillOpacity: 1 }
    : { color: '#b3a995', weight: 1, fillColor: '#ece8df', fillOpacity: 1 };

/**
 * City names on the offline layer: the largest at the country view, all once zoomed in. They are
 * part of the base map, in a pane under the markers' (Leaflet's 600), so a cluster or marker on a
 * city always draws over its name; in the markers' own pane, Leaflet stacks by latitude and a name
 * covered some clusters' counts.
 */
function CityLabels() {
  const { lang } = useLang();
  const [zoom, setZoom] = useState(HOME_VIEW.zoom);
  useMapEvents({ zoomend: (e) => setZoom(e.target.getZoom()) });
  const shown = zoom >= 7 ? cityLabels : cityLabels.slice(0, zoom >= 5 ? MAJOR_CITIES : 1);
  const labels = shown.map((city) => (
    <Marker
      key={city.en}
      position={city.position}
      interactive={false}
      keyboard={false}
      icon={L.divIcon({
        className: '',
        html: `<span class="city-label${city.west ? ' west' : ''}" dir="auto">${lang === 'ar' ? city.ar : city.en}</span>`,
        iconSize: [0, 0],
      })}
    />
  ));
  return (
    <Pane name="city-labels" style={{ zIndex: 450 }}>
      {labels}
    </Pane>
  );
}

/**
 * Keeps the map's centre where it was when its box changes size (a scrollbar appearing, the
 * sider folding, the columns wrapping); Leaflet by itself follows only the window.
 */
function FollowResize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The sources credited in the corner (Leaflet, Natural Earth, a tile server's) are English names:
 * marked as such (WCAG 3.1.2), so a screen reader on an Arabic page reads them as English.
 */
function AttributionInEnglish() {
  const map = useMap();
  useEffect(() => {
    const corner = map.attributionControl?.getContainer();
    if (corner) corner.lang = 'en';
  }, [map]);
  return null;
}

/**
 * The base layer: tiles when a tile server is configured (`MAP_TILE_URL`), else the country
 * outlines and city names shipped with the app, so the map works without the internet.
 */
function BaseLayer() {
  const settings = useMapSettings();
  const outlines = useCountryOutlines(settings.isSuccess && !settings.data.tileUrl);
  if (settings.data?.tileUrl) {
    return <TileLayer url={settings.data.tileUrl} attribution={settings.data.attribution} />;
  }
  return (
    <>
      {outlines.data && (
        <GeoJSON data={outlines.data} style={outlineStyle} interactive={false} attribution="Natural Earth" />
      )}
      <CityLabels />
    </>
  );
}

/**
 * A Leaflet map on the base layer. The map itself stays left-to-right (Leaflet positions in
 * screen coordinates); in Arabic its zoom buttons sit at the start of the line, on the right.
 */
export function MapFrame({
  label,
  children,
  height = 480,
}: {
  label: string;
  children: ReactNode;
  height?: number;
}) {
  const { lang } = useLang();
  const { t } = useTranslation();
  const settings = useMapSettings();
  const offline = settings.isSuccess && !settings.data.tileUrl;
  return (
    <section style={{ height }} aria-label={label} data-testid="location-map" dir="ltr">
      <MapContainer
        center={HOME_VIEW.center}
        zoom={HOME_VIEW.zoom}
        minZoom={3}
        maxZoom={18}
        zoomControl={false}
        className={offline ? 'location-map offline' : 'location-map'}
        attributionControl
        style={{ height: '100%' }}
      >
        <FollowResize />
        <AttributionInEnglish />
        <BaseLayer />
        <ZoomControl
          position={lang === 'ar' ? 'topright' : 'topleft'}
          zoomInTitle={t('content.locations.map.zoomIn')}
          zoomOutTitle={t('content.locations.map.zoomOut')}
        />
        {children}
      </MapContainer>
    </section>
  );
}
