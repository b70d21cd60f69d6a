import { ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { transactionTypesResource } from './transactionTypes.resource.ts';

export default function TransactionTypeEditPage() {
  return <ResourceEditPage resource={transactionTypesResource} />;
}
