import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResourceEditPage } from '../../components/ResourceFormPages.tsx';
import { useLang } from '../../i18n/lang.ts';
import { alertGroupUi } from './groups.resource.tsx';
import { alertPaths } from './paths.ts';

/** `Alerts/EditAlertGroup/{id}`; saved, it goes back to the group. */
export default function GroupEditPage() {
  const { lang } = useLang();
  const id = Number(useParams().id);
  const resource = useMemo(() => alertGroupUi(lang, { back: alertPaths.viewGroup(id) }), [lang, id]);
  return <ResourceEditPage resource={resource} />;
}
