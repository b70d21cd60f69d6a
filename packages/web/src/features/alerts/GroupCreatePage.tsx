import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ProblemPanel } from '../../components/plain.tsx';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { useResourceActions } from '../../components/useResourceActions.ts';
import { useLang } from '../../i18n/lang.ts';
import { alertGroupUi } from './groups.resource.tsx';
import { alertPaths } from './paths.ts';

/** `Alerts/AddAlertGroup/{id}`: a new group in category {id}. */
export default function GroupCreatePage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const categoryId = Number(useParams().id);
  const valid = Number.isInteger(categoryId) && categoryId > 0;
  const resource = useMemo(
    () => alertGroupUi(lang, { categoryId, back: alertPaths.category(categoryId) }),
    [lang, categoryId],
  );
  const actions = useResourceActions(resource);
  if (!valid) return <ProblemPanel tone="warning" title={t('alerts.categories.fetchFailed')} />;
  return (
    <ResourceForm
      resource={resource}
      initialValues={{ categoryId, status: 'ACTIVE' }}
      onSubmit={actions.create}
      saving={actions.saving}
    />
  );
}
