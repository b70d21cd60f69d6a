import { RequestsScreen } from './RequestsScreen.tsx';

/** Approvals — requests waiting for me as checker (never my own unless allowed). */
export default function ApprovalsPage() {
  return <RequestsScreen view="inbox" />;
}
