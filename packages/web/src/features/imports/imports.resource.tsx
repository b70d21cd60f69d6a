import {
  type Import,
  importKinds,
  importResource,
  importStatuses,
  importUploadFields,
} from '@loyalty/contracts';
import { DateTime, Ltr } from '../../components/format.tsx';
import { fixedChoices, resourceUi, screenLink, screenPaths } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';

type ImportFields = Record<string, unknown>;

/** Imports (`Imports`): each opens its page (counts, progress, errors, the post action). */
export const importUi = resourceUi<Import, ImportFields>(importResource, {
  schema: importUploadFields,
  fields: [],
  columns: [
    {
      key: 'kind',
      label: 'imports.fields.kind',
      render: (i) => <StatusTag status={i.kind} prefix="imports.kinds" />,
    },
    { key: 'fileName', label: 'imports.fields.fileName', render: (i) => <Ltr>{i.fileName}</Ltr> },
    { key: 'createdBy', label: 'imports.fields.createdBy' },
    { key: 'createdAt', label: 'imports.fields.createdAt', render: (i) => <DateTime iso={i.createdAt} /> },
    {
      key: 'status',
      label: 'imports.fields.status',
      render: (i) => <StatusTag status={i.status} prefix="imports.statuses" />,
    },
    { key: 'lines', label: 'imports.fields.lines' },
    { key: 'invalidLines', label: 'imports.fields.invalidLines' },
    { key: 'posted', label: 'imports.fields.posted' },
  ],
  filters: [
    {
      name: 'status',
      label: 'imports.fields.status',
      options: fixedChoices(importStatuses, 'imports.statuses'),
    },
    { name: 'kind', label: 'imports.fields.kind', options: fixedChoices(importKinds, 'imports.kinds') },
  ],
  rowLink: (i) => screenLink(importResource, 'view', i.id),
  // An import is not edited: its page is where it is seen and acted on.
  paths: screenPaths(importResource, { edit: (id) => screenLink(importResource, 'view', id) }),
  messages: {
    created: 'imports.created',
    updated: 'imports.created',
    createFailed: 'imports.createFailed',
    updateFailed: 'imports.createFailed',
    fetchFailed: 'imports.fetchFailed',
    deleteFailed: 'imports.fetchFailed',
    deleteConfirm: 'imports.fetchFailed',
    loading: 'imports.loading',
    search: 'imports.search',
  },
});
