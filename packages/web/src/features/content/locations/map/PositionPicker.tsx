import { Form } from 'antd';
import L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import type { FieldAddonProps } from '../../../../components/resource.ts';
import { MapFrame } from './MapFrame.tsx';

const pickedIcon = L.divIcon({
  className: '',
  html: '<div class="location-marker picked" data-testid="picked-marker"></div>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

/** Six decimals: about 10 cm, more than a branch's door needs. */
const round = (v: number) => Math.round(v * 1e6) / 1e6;
const inRange = (lat: unknown, lng: unknown): lat is number =>
  typeof lat === 'number' && typeof lng === 'number' && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/** A click on the map moves the marker there; the marker can be dragged; typed coordinates move it. */
function PickedPosition({ setValues }: FieldAddonProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const latitude = Form.useWatch('latitude', form) as unknown;
  const longitude = Form.useWatch('longitude', form) as unknown;
  const map = useMap();
  const set = (ll: L.LatLng) => {
    const wrapped = ll.wrap();
    setValues({ latitude: round(wrapped.lat), longitude: round(wrapped.lng) });
  };
  useMapEvents({ click: (e) => set(e.latlng) });
  const valid = inRange(latitude, longitude);

  // A position typed (or loaded) outside the view brings the map to it.
  useEffect(() => {
    if (!valid) return;
    const position = L.latLng(latitude, longitude as number);
    if (!map.getBounds().contains(position)) map.setView(position, Math.max(map.getZoom(), 12));
  }, [valid, latitude, longitude, map]);

  if (!valid) return null;
  return (
    <Marker
      position={[latitude, longitude as number]}
      icon={pickedIcon}
      title={t('content.locations.map.pickLabel')}
      draggable
      eventHandlers={{ dragend: (e) => set((e.target as L.Marker).getLatLng()) }}
    />
  );
}

/** The location form's map: pick the position by clicking or dragging as well as by typing. */
export default function PositionPicker(props: FieldAddonProps) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('content.locations.map.pickLabel')} extra={t('content.locations.map.pickHint')}>
      <MapFrame label={t('content.locations.map.pickLabel')} height={360}>
        <PickedPosition {...props} />
      </MapFrame>
    </Form.Item>
  );
}
