import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { transactionTypeUi } from './transactionTypes.resource.ts';

export default function TransactionTypeListPage() {
  return <ResourceTable resource={transactionTypeUi} />;
}
