import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';
import { resourcePages } from '../../components/resourcePages.tsx';

const page = areaPages('approvals');

/** Maker-checker service types and services: lazy pages by descriptor name and screen. */
export const approvalResourcePages = {
  'service-types': resourcePages(page, () => import('./serviceTypes.resource.tsx'), {
    serviceTypeUi: ['list', 'create'],
    serviceTypeEditUi: ['edit'],
  }),
  services: { list: page(() => import('./ServicesPage.tsx')) },
} satisfies Record<string, ScreenPages>;

/** The approval screens (requests, decisions, maker-checker settings), for the route table. */
export const approvalPages = {
  // Everyone signed in sees their own requests; what is theirs to decide is ruled by the server.
  requests: { page: page(() => import('./RequestsPage.tsx')) },
  requestHistory: { page: page(() => import('./RequestHistoryPage.tsx')) },
  approvals: { page: page(() => import('./ApprovalsPage.tsx')) },
  approvalHistory: { page: page(() => import('./ApprovalHistoryPage.tsx')) },
  makerChecker: {
    page: page(() => import('./MakerCheckerPage.tsx')),
    permission: 'makerChecker.read',
  },
};
