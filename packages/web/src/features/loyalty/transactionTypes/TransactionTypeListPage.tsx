import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { transactionTypesResource } from './transactionTypes.resource.ts';

export default function TransactionTypeListPage() {
  return <ResourceTable resource={transactionTypesResource} />;
}
