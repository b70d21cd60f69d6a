import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { transactionTypeUi } from './transactionTypes.resource.ts';

export default function TransactionTypeEditPage() {
  return <ResourceEditPage resource={transactionTypeUi} />;
}
