import {
  contentLangs,
  type Faq,
  type FaqInput,
  faqInput,
  faqResource,
  faqStatuses,
} from '@loyalty/contracts';
import { fixedChoices, resourceUi } from '../../../components/resource.ts';
import { StatusTag } from '../../../components/StatusTag.tsx';

export const faqLangChoices = fixedChoices(contentLangs, 'content.faqs.langs');

/** The customer app's FAQ (PRODUCT §3.8): question, answer, lang; ordered by drag and drop. */
export const faqUi = resourceUi<Faq, FaqInput>(faqResource, {
  schema: faqInput,
  fields: [
    { name: 'lang', label: 'content.faqs.fields.lang', input: 'select', options: faqLangChoices },
    { name: 'question', label: 'content.faqs.fields.question', input: 'textarea' },
    { name: 'answer', label: 'content.faqs.fields.answer', input: 'textarea' },
    { name: 'category', label: 'content.faqs.fields.category', input: 'text' },
    {
      name: 'status',
      label: 'content.faqs.fields.status',
      input: 'select',
      options: fixedChoices(faqStatuses, 'content.faqs.statuses'),
    },
  ],
  columns: [
    { key: 'position', label: 'content.faqs.fields.position' },
    { key: 'question', label: 'content.faqs.fields.question' },
    { key: 'category', label: 'content.faqs.fields.category' },
    {
      key: 'status',
      label: 'content.faqs.fields.status',
      render: (row) => <StatusTag status={row.status} prefix="content.faqs.statuses" />,
    },
  ],
  messages: {
    created: 'content.faqs.created',
    updated: 'content.faqs.updated',
    deleted: 'content.faqs.deleted',
    createFailed: 'content.faqs.createFailed',
    updateFailed: 'content.faqs.updateFailed',
    fetchFailed: 'content.faqs.fetchFailed',
    deleteFailed: 'content.faqs.deleteFailed',
    deleteConfirm: 'content.faqs.deleteConfirm',
    loading: 'content.faqs.loading',
    search: 'content.faqs.search',
  },
});
