import { ResourceCreatePage } from '../../../components/ResourceFormPages.tsx';
import { transactionTypesResource } from './transactionTypes.resource.ts';

export default function TransactionTypeCreatePage() {
  return <ResourceCreatePage resource={transactionTypesResource} />;
}
