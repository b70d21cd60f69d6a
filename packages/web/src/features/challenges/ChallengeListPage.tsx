import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { useLang } from '../../i18n/lang.ts';
import { challengeUi } from './challenges.resource.tsx';

/** `challenges`: the challenges, their status and budget paid; filters and export. */
export default function ChallengeListPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const resource = useMemo(() => challengeUi(t, lang), [t, lang]);
  return <ResourceTable resource={resource} />;
}
