import { legalDocumentCommands, legalDocumentRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** The application-content screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const contentResourcePages = {
  locations: {
    list: lazyPage(() => import('./locations/LocationListPage.tsx')),
    create: lazyPage(() => import('./locations/LocationCreatePage.tsx')),
    edit: lazyPage(() => import('./locations/LocationEditPage.tsx')),
  },
  faqs: {
    list: lazyPage(() => import('./faqs/FaqListPage.tsx')),
    create: lazyPage(() => import('./faqs/FaqCreatePage.tsx')),
    edit: lazyPage(() => import('./faqs/FaqEditPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The privacy policy's and the terms' screens (two per kind, spec §2), for the route table. */
export const contentPages = {
  privacy: {
    page: lazyPage(() => import('./legal/PrivacyVersionsPage.tsx')),
    permission: legalDocumentRead.code,
  },
  createPrivacy: {
    page: lazyPage(() => import('./legal/PrivacyEditorPage.tsx')),
    permission: legalDocumentCommands.create.name,
  },
  terms: {
    page: lazyPage(() => import('./legal/TermsVersionsPage.tsx')),
    permission: legalDocumentRead.code,
  },
  createTerms: {
    page: lazyPage(() => import('./legal/TermsEditorPage.tsx')),
    permission: legalDocumentCommands.create.name,
  },
};
