import { ResourceTable } from '../../components/ResourceTable.tsx';
import { importUi } from './imports.resource.tsx';

/** `Imports`: the files imported, newest first, by status and kind. */
export default function ImportListPage() {
  return <ResourceTable resource={importUi} />;
}
