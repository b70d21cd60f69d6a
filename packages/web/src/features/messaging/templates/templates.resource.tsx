import {
  type MessageTemplate,
  type MessageTemplateInput,
  messageTemplateFields,
  messageTemplateResource,
} from '@loyalty/contracts';
import { DateTime } from '../../../components/format.tsx';
import { nameColumn } from '../../../components/localized.tsx';
import { resourceUi } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { i18n } from '../../../i18n/index.ts';
import { MessageText } from '../MessageText.tsx';

const excerpt = (text: string, dir: 'ltr' | 'rtl') => (
  <div style={{ maxWidth: 240 }}>
    <MessageText lines={2} dir={dir}>
      {text}
    </MessageText>
  </div>
);

/** Reply templates (spec §3: name, body, additional info, create time, last update), in both languages. */
export const messageTemplateUi = resourceUi<MessageTemplate, MessageTemplateInput>(messageTemplateResource, {
  schema: messageTemplateFields,
  fields: [
    { name: 'name', label: 'messaging.templates.fields.name', input: 'text' },
    { name: 'nameAr', label: 'common.nameAr', input: 'text' },
    { name: 'bodyEn', label: 'messaging.templates.fields.bodyEn', input: 'textarea' },
    { name: 'bodyAr', label: 'messaging.templates.fields.bodyAr', input: 'textarea' },
    { name: 'additionalInfo', label: 'messaging.templates.fields.additionalInfo', input: 'textarea' },
    {
      name: 'status',
      label: 'messaging.templates.fields.status',
      input: 'select',
      options: activeStatusChoices,
    },
  ],
  columns: [
    nameColumn('messaging.templates.fields.name'),
    // The body in the screen's language (issue 54); both are on the template's own screen.
    {
      key: 'bodyEn',
      label: 'messaging.templates.fields.body',
      render: (r) => (i18n.language === 'ar' ? excerpt(r.bodyAr, 'rtl') : excerpt(r.bodyEn, 'ltr')),
    },
    { key: 'additionalInfo', label: 'messaging.templates.fields.additionalInfo' },
    {
      key: 'status',
      label: 'messaging.templates.fields.status',
      render: (r) => <StatusTag status={r.status} />,
    },
    {
      key: 'createdAt',
      label: 'messaging.templates.fields.createdAt',
      render: (r) => <DateTime iso={r.createdAt} />,
    },
    {
      key: 'updatedAt',
      label: 'messaging.templates.fields.updatedAt',
      render: (r) => <DateTime iso={r.updatedAt} />,
    },
  ],
  filters: [{ name: 'status', label: 'messaging.templates.fields.status', options: activeStatusChoices }],
  messages: {
    created: 'messaging.templates.created',
    updated: 'messaging.templates.updated',
    createFailed: 'messaging.templates.createFailed',
    updateFailed: 'messaging.templates.updateFailed',
    fetchFailed: 'messaging.templates.fetchFailed',
    deleteFailed: 'messaging.templates.deleteFailed',
    deleteConfirm: 'messaging.templates.deleteConfirm',
    loading: 'messaging.templates.loading',
    search: 'messaging.templates.search',
  },
});
