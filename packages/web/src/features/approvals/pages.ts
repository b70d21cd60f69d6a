import { makerCheckerRead } from '@loyalty/contracts';
import { lazyPage, type ScreenPages } from '../../components/lazyPage.tsx';

/** Maker-checker service types and services: lazy pages by descriptor name and screen. */
export const approvalResourcePages = {
  'service-types': {
    list: lazyPage(() => import('./ServiceTypeListPage.tsx')),
    create: lazyPage(() => import('./ServiceTypeCreatePage.tsx')),
    edit: lazyPage(() => import('./ServiceTypeEditPage.tsx')),
  },
  services: { list: lazyPage(() => import('./ServicesPage.tsx')) },
} satisfies Record<string, ScreenPages>;

/** The approval screens (requests, decisions, maker-checker settings), for the route table. */
export const approvalPages = {
  // Everyone signed in sees their own requests; what is theirs to decide is ruled by the server.
  requests: { page: lazyPage(() => import('./RequestsPage.tsx')) },
  requestHistory: { page: lazyPage(() => import('./RequestHistoryPage.tsx')) },
  approvals: { page: lazyPage(() => import('./ApprovalsPage.tsx')) },
  approvalHistory: { page: lazyPage(() => import('./ApprovalHistoryPage.tsx')) },
  makerChecker: {
    page: lazyPage(() => import('./MakerCheckerPage.tsx')),
    permission: makerCheckerRead.code,
  },
};
