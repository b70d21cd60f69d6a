import {
  type ServiceType,
  serviceCommands,
  serviceResource,
  serviceTypeBilingual,
  serviceTypeFields,
  serviceTypeResource,
} from '@loyalty/contracts';
import type { z } from 'zod';
import { LangLink } from '../../components/LangLink.tsx';
import { missingTranslationFilter } from '../../components/localized.tsx';
import { type FieldDef, resourceUi, screenLink } from '../../components/resource.ts';

type TypeInput = z.output<typeof serviceTypeFields>;
type TypeEdit = z.output<typeof serviceTypeBilingual>;

const bilingualFields: FieldDef<TypeEdit>[] = [
  { name: 'nameEn', label: 'approvals.types.fields.nameEn', input: 'text' },
  { name: 'nameAr', label: 'approvals.types.fields.nameAr', input: 'text' },
  { name: 'descriptionEn', label: 'approvals.types.fields.descriptionEn', input: 'textarea' },
  { name: 'descriptionAr', label: 'approvals.types.fields.descriptionAr', input: 'textarea' },
];

const common = {
  columns: [
    { key: 'code' as const, label: 'approvals.types.fields.code' },
    { key: 'nameEn' as const, label: 'approvals.types.fields.nameEn' },
    { key: 'nameAr' as const, label: 'approvals.types.fields.nameAr' },
    {
      key: 'serviceCount' as const,
      label: 'approvals.types.fields.services',
      render: (row: ServiceType) => (
        <LangLink to={`${screenLink(serviceResource, 'list')}?serviceTypeId=${row.id}`}>
          {row.serviceCount}
        </LangLink>
      ),
    },
    { key: 'pendingCount' as const, label: 'approvals.types.fields.pending' },
  ],
  filters: [missingTranslationFilter],
  // Service types are never deleted: services and the history of requests refer to them.
  permissions: { create: serviceCommands.createType.name, update: serviceCommands.updateType.name },
  messages: {
    created: 'approvals.types.created',
    updated: 'approvals.types.updated',
    createFailed: 'approvals.types.createFailed',
    updateFailed: 'approvals.types.updateFailed',
    fetchFailed: 'approvals.types.fetchFailed',
    deleteFailed: 'approvals.types.updateFailed',
    deleteConfirm: 'approvals.types.updateFailed',
    loading: 'approvals.types.loading',
    search: 'approvals.types.search',
  },
};

/** Maker-checker service types (ServiceTypes, ServiceTypes/Create). */
export const serviceTypeUi = resourceUi<ServiceType, TypeInput>(serviceTypeResource, {
  ...common,
  schema: serviceTypeFields,
  fields: [
    { name: 'code', label: 'approvals.types.fields.code', input: 'text' },
    ...(bilingualFields as FieldDef<TypeInput>[]),
  ],
});

/** ServiceTypes/Edit/:id: the code is the type's key and is not edited. */
export const serviceTypeEditUi = resourceUi<ServiceType, TypeEdit>(serviceTypeResource, {
  ...common,
  schema: serviceTypeBilingual,
  fields: bilingualFields,
});
