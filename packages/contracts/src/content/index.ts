import type { AreaCatalogue } from '../commands.ts';
import { faqCommands, faqRead } from './faqs.ts';
import { legalDocumentCommands, legalDocumentRead } from './legalDocuments.ts';
import { locationCommands, locationRead } from './locations.ts';

export * from './faqs.ts';
export * from './legalDocuments.ts';
export * from './legalScreens.ts';
export * from './locations.ts';

/** The consent command is the integration API's (scope `content`), not a staff permission. */
export const contentCatalogue: AreaCatalogue = {
  commands: [
    ...Object.values(locationCommands),
    ...Object.values(faqCommands),
    ...Object.values(legalDocumentCommands),
  ],
  reads: [locationRead, faqRead, legalDocumentRead],
};
