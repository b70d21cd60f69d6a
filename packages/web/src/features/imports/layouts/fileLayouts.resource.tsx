import {
  type FileLayout,
  type FileLayoutInput,
  fileLayoutFormats,
  fileLayoutInput,
  fileLayoutResource,
  importKinds,
} from '@loyalty/contracts';
import { DateTime } from '../../../components/format.tsx';
import { missingTranslationFilter, nameColumn } from '../../../components/localized.tsx';
import { fixedChoices, resourceUi, screenLink } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';

/** File layouts (`Imports/Layouts`): each opens its form (FileLayoutFormPage: records and fields). */
export const fileLayoutUi = resourceUi<FileLayout, FileLayoutInput>(fileLayoutResource, {
  schema: fileLayoutInput,
  fields: [],
  columns: [
    nameColumn('imports.layouts.fields.name'),
    {
      key: 'kind',
      label: 'imports.fields.kind',
      render: (l) => <StatusTag status={l.kind} prefix="imports.kinds" />,
    },
    {
      key: 'format',
      label: 'imports.layouts.fields.format',
      render: (l) => <StatusTag status={l.format} prefix="imports.layouts.formats" />,
    },
    { key: 'encoding', label: 'imports.fields.encoding', render: (l) => <>{l.encoding}</> },
    {
      key: 'updatedAt',
      label: 'imports.layouts.fields.updatedAt',
      render: (l) => <DateTime iso={l.updatedAt} />,
    },
  ],
  filters: [
    { name: 'kind', label: 'imports.fields.kind', options: fixedChoices(importKinds, 'imports.kinds') },
    {
      name: 'format',
      label: 'imports.layouts.fields.format',
      options: fixedChoices(fileLayoutFormats, 'imports.layouts.formats'),
    },
    missingTranslationFilter,
  ],
  rowLink: (l) => screenLink(fileLayoutResource, 'edit', l.id),
  messages: {
    created: 'imports.layouts.created',
    updated: 'imports.layouts.updated',
    deleted: 'imports.layouts.deleted',
    createFailed: 'imports.layouts.saveFailed',
    updateFailed: 'imports.layouts.saveFailed',
    fetchFailed: 'imports.layouts.fetchFailed',
    deleteFailed: 'imports.layouts.deleteFailed',
    deleteConfirm: 'imports.layouts.deleteConfirm',
    loading: 'imports.loading',
    search: 'imports.layouts.search',
  },
});
