import { RequestsScreen } from './RequestsScreen.tsx';

/** Requests — my requests waiting for a checker. */
export default function RequestsPage() {
  return <RequestsScreen view="mine" />;
}
