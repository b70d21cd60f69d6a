import { messageTemplateFields, messageTemplateResource } from '@loyalty/contracts';
import { crudRoutes } from '../../platform/crud.routes.ts';
import { getMessageTemplate, listMessageTemplates } from './messageTemplates.service.ts';

export const messageTemplateRoutes = crudRoutes(messageTemplateResource, {
  body: { create: messageTemplateFields },
  list: listMessageTemplates,
  get: getMessageTemplate,
});
