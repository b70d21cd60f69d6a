import { messageCommands, outboundMessageCommands } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';
import { replyPath } from './reply/replyPath.ts';

/** The messaging screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const messagingResourcePages = {
  messages: {
    list: lazyPage(() => import('./queue/MessageQueuePage.tsx')),
    view: lazyPage(() => import('./conversation/ConversationPage.tsx')),
  },
  'message-templates': {
    list: lazyPage(() => import('./templates/TemplateListPage.tsx')),
    create: lazyPage(() => import('./templates/TemplateCreatePage.tsx')),
    edit: lazyPage(() => import('./templates/TemplateEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** Messaging screens that are not a resource's, for the route table. */
export const messagingPages = {
  reply: {
    path: replyPath,
    page: lazyPage(() => import('./reply/ReplyPage.tsx')),
    permission: messageCommands.reply.name,
  },
  /** create-message: a new message to customers, its progress, and the sends before it. */
  newMessage: {
    page: lazyPage(() => import('./outbound/CreateMessagePage.tsx')),
    permission: outboundMessageCommands.send.name,
  },
};
