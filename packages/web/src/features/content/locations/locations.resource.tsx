import {
  type Location,
  type LocationInput,
  locationInput,
  locationResource,
  locationServices,
  locationStatuses,
  locationTypes,
  weekDays,
} from '@loyalty/contracts';
import { lazy, Suspense } from 'react';
import { Ltr } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { type FieldAddonProps, fixedChoices, resourceUi } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';

const typeChoices = fixedChoices(locationTypes, 'content.locations.types');
const statusChoices = fixedChoices(locationStatuses, 'content.locations.statuses');

/** The form's map (Leaflet), loaded only when the form is opened. */
const PositionPicker = lazy(() => import('./map/PositionPicker.tsx'));
function PositionField(props: FieldAddonProps) {
  return (
    <Suspense fallback={null}>
      <PositionPicker {...props} />
    </Suspense>
  );
}

/** Branches and ATMs of the customer app (PRODUCT §3.8). Screens: its contracts descriptor. */
export const locationUi = resourceUi<Location, LocationInput>(locationResource, {
  schema: locationInput,
  fields: [
    { name: 'type', label: 'content.locations.fields.type', input: 'select', options: typeChoices },
    { name: 'nameEn', label: 'content.locations.fields.nameEn', input: 'text' },
    { name: 'nameAr', label: 'content.locations.fields.nameAr', input: 'text' },
    { name: 'city', label: 'content.locations.fields.city', input: 'text' },
    { name: 'cityAr', label: 'content.locations.fields.cityAr', input: 'text' },
    { name: 'address', label: 'content.locations.fields.address', input: 'text' },
    { name: 'addressAr', label: 'content.locations.fields.addressAr', input: 'text' },
    { name: 'latitude', label: 'content.locations.fields.latitude', input: 'number' },
    {
      name: 'longitude',
      label: 'content.locations.fields.longitude',
      input: 'number',
      after: PositionField,
    },
    { name: 'phone', label: 'content.locations.fields.phone', input: 'text' },
    { name: 'email', label: 'content.locations.fields.email', input: 'text' },
    { name: 'openingTime', label: 'content.locations.fields.openingTime', input: 'time' },
    {
      name: 'closingTime',
      label: 'content.locations.fields.closingTime',
      input: 'time',
      dependencies: ['openingTime'],
    },
    {
      name: 'workingDays',
      label: 'content.locations.fields.workingDays',
      input: 'select',
      multiple: true,
      options: fixedChoices(weekDays, 'content.locations.days'),
    },
    {
      name: 'services',
      label: 'content.locations.fields.services',
      input: 'select',
      multiple: true,
      options: fixedChoices(locationServices, 'content.locations.services'),
    },
    { name: 'status', label: 'content.locations.fields.status', input: 'select', options: statusChoices },
  ],
  columns: [
    {
      key: 'type',
      label: 'content.locations.fields.type',
      render: (row) => <StatusTag status={row.type} prefix="content.locations.types" />,
    },
    { key: 'nameEn', label: 'content.locations.fields.nameEn' },
    { key: 'nameAr', label: 'content.locations.fields.nameAr' },
    {
      key: 'city',
      label: 'content.locations.fields.cityColumn',
      render: (row) => <LocalText en={row.city} ar={row.cityAr} />,
    },
    {
      key: 'openingTime',
      label: 'content.locations.fields.hours',
      render: (row) => <Ltr>{`${row.openingTime}–${row.closingTime}`}</Ltr>,
    },
    {
      key: 'status',
      label: 'content.locations.fields.status',
      render: (row) => <StatusTag status={row.status} prefix="content.locations.statuses" />,
    },
  ],
  filters: [
    { name: 'type', label: 'content.locations.fields.type', options: typeChoices },
    { name: 'status', label: 'content.locations.fields.status', options: statusChoices },
  ],
  messages: {
    created: 'content.locations.created',
    updated: 'content.locations.updated',
    deleted: 'content.locations.deleted',
    createFailed: 'content.locations.createFailed',
    updateFailed: 'content.locations.updateFailed',
    fetchFailed: 'content.locations.fetchFailed',
    deleteFailed: 'content.locations.deleteFailed',
    deleteConfirm: 'content.locations.deleteConfirm',
    loading: 'content.locations.loading',
    search: 'content.locations.search',
  },
});
