import type { AreaCatalogue } from '../commands.ts';
import { messageCategoryCommands, messageCategoryRead } from './messageCategories.ts';
import { messageCommands, messageRead } from './messages.ts';
import { messageTemplateCommands, messageTemplateRead } from './messageTemplates.ts';
import { outboundMessageCommands, outboundMessageRead } from './outboundMessages.ts';

export * from './messageCategories.ts';
export * from './messages.ts';
export * from './messageTemplates.ts';
export * from './outboundMessages.ts';

export const messagingCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(messageCommands),
    ...Object.values(messageCategoryCommands),
    ...Object.values(messageTemplateCommands),
    ...Object.values(outboundMessageCommands),
  ],
  reads: [messageRead, messageCategoryRead, messageTemplateRead, outboundMessageRead],
};
