import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('content');

/** The application-content screens' lazy pages, by descriptor name and screen (routes, labels, permissions: contracts). */
export const contentResourcePages = {
  locations: {
    ...resourcePages(page, () => import('./locations/locations.resource.tsx'), {
      locationUi: ['create', 'edit'],
    }),
    list: page(() => import('./locations/LocationListPage.tsx')),
  },
  faqs: {
    ...resourcePages(page, () => import('./faqs/faqs.resource.tsx'), { faqUi: ['create', 'edit'] }),
    list: page(() => import('./faqs/FaqListPage.tsx')),
  },
} satisfies Record<string, ScreenPages>;

/** The privacy policy's and the terms' screens (two per kind, spec §2), for the route table. */
export const contentPages = {
  privacy: {
    page: page(() => import('./legal/PrivacyVersionsPage.tsx')),
    permission: 'legalDocument.read',
  },
  createPrivacy: {
    page: page(() => import('./legal/PrivacyEditorPage.tsx')),
    permission: 'legalDocument.create',
  },
  terms: {
    page: page(() => import('./legal/TermsVersionsPage.tsx')),
    permission: 'legalDocument.read',
  },
  createTerms: {
    page: page(() => import('./legal/TermsEditorPage.tsx')),
    permission: 'legalDocument.create',
  },
};
