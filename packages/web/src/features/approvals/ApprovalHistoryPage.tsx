import { RequestsScreen } from './RequestsScreen.tsx';

/** ApprovalHistory — the requests I decided. */
export default function ApprovalHistoryPage() {
  return <RequestsScreen view="inbox-history" />;
}
