import type { Screen } from '../resource.ts';
import type { LegalKind } from './legalDocuments.ts';

/**
 * The legal documents' screens (spec §2): a versions list and an editor for each kind (the editor
 * opens a draft with `?id=`). Written out in the web's route table from here: a module of its own,
 * so the table does not download the documents' schemas with it.
 */
export const legalDocumentScreens = {
  PRIVACY: {
    list: { path: 'application/privacy', label: 'privacyPolicy' },
    create: { path: 'application/create-privacy', label: 'createPrivacyPolicy' },
  },
  TERMS: {
    list: { path: 'application/terms', label: 'terms' },
    create: { path: 'application/create-condation', label: 'createTerms' },
  },
} as const satisfies Record<LegalKind, Record<'list' | 'create', Screen>>;
