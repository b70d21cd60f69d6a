import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { useLang } from '../../i18n/lang.ts';
import { campaignUi } from './campaigns.resource.tsx';

/** `matrix/campaign`: the campaigns, their status and budget burn; filters and export. */
export default function CampaignListPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const resource = useMemo(() => campaignUi(t, lang), [t, lang]);
  return <ResourceTable resource={resource} />;
}
