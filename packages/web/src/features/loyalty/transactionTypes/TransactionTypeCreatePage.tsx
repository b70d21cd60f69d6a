import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { transactionTypeUi } from './transactionTypes.resource.ts';

export default function TransactionTypeCreatePage() {
  return <ResourceCreatePage resource={transactionTypeUi} />;
}
