import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Drawer } from '../../../components/Drawer.tsx';
import { ResourceCreatePage, ResourceEditPage } from '../../../components/ResourceFormPages.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { categoryPaths, messageCategoryUi } from './categories.resource.tsx';

/**
 * The message categories on the queue's screen: the shared table, and the shared form in a drawer
 * opened by `?category=new|<id>` (saving or cancelling returns to the list, closing it).
 */
export function CategoriesTab() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  const [params] = useSearchParams();
  const open = params.get('category');
  const id = Number(open);
  const editing = open !== null && open !== 'new' && Number.isInteger(id) && id > 0;
  const allowed = editing
    ? can(messageCategoryUi.permissions.update)
    : can(messageCategoryUi.permissions.create);

  return (
    <>
      <ResourceTable resource={messageCategoryUi} />
      <Drawer
        open={open !== null && allowed}
        size="large"
        destroyOnHidden
        title={t(editing ? 'messaging.categories.editTitle' : 'messaging.categories.createTitle')}
        onClose={() => navigate(categoryPaths.list)}
      >
        {editing ? (
          <ResourceEditPage resource={messageCategoryUi} id={id} />
        ) : (
          open === 'new' && <ResourceCreatePage resource={messageCategoryUi} />
        )}
      </Drawer>
    </>
  );
}
