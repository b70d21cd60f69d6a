import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';
import { replyPath } from './reply/replyPath.ts';

const page = areaPages('messaging');

/** The messaging screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const messagingResourcePages = {
  messages: {
    list: page(() => import('./queue/MessageQueuePage.tsx')),
    view: page(() => import('./conversation/ConversationPage.tsx')),
  },
  'message-templates': {
    ...resourcePages(page, () => import('./templates/templates.resource.tsx'), {
      messageTemplateUi: ['list'],
    }),
    // The forms have the documented placeholders beside them (TemplateFormLayout).
    create: page(() => import('./templates/TemplateCreatePage.tsx')),
    edit: page(() => import('./templates/TemplateEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** Messaging screens that are not a resource's, for the route table. */
export const messagingPages = {
  reply: {
    path: replyPath,
    page: page(() => import('./reply/ReplyPage.tsx')),
    permission: 'message.reply',
  },
  /** create-message: a new message to customers, its progress, and the sends before it. */
  newMessage: {
    page: page(() => import('./outbound/CreateMessagePage.tsx')),
    permission: 'outboundMessage.send',
  },
};
