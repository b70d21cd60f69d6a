import { RequestsScreen } from './RequestsScreen.tsx';

/** RequestHistory — my requests once decided. */
export default function RequestHistoryPage() {
  return <RequestsScreen view="mine-history" />;
}
