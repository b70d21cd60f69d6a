import { useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../components/Alert.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { DateTime } from '../../components/format.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { LocalText } from '../../components/localized.tsx';
import { Panel } from '../../components/Panel.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { scaRuleUi } from './sca.resource.tsx';

/** `security/SCA/View/:id`: one requirement, read-only, with Edit for those allowed. */
export default function ScaViewPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  const id = Number(useParams().id);
  const rule = useQuery({
    queryKey: [scaRuleUi.key, 'detail', id],
    queryFn: ({ signal }) => scaRuleUi.api.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (rule.isError || !(id > 0)) return <Alert type="error" showIcon title={t('security.sca.fetchFailed')} />;
  if (!rule.data) return <InlineLoading text={t('security.sca.loading')} />;
  const r = rule.data;
  return (
    <Panel
      title={t(`security.operation.${r.operation}`)}
      extra={
        <Flex gap={8}>
          {can(scaRuleUi.permissions.update) && (
            <Button type="primary" onClick={() => navigate(scaRuleUi.paths.edit(r.id))}>
              {t('common.edit')}
            </Button>
          )}
          <Button onClick={() => navigate(scaRuleUi.paths.list)}>{t('common.backToList')}</Button>
        </Flex>
      }
    >
      <Descriptions
        column={1}
        bordered
        items={[
          { label: t('security.sca.fields.operation'), children: t(`security.operation.${r.operation}`) },
          { label: t('security.sca.fields.userType'), children: t(`security.userType.${r.userType}`) },
          { label: t('security.sca.fields.factor'), children: t(`security.factor.${r.factor}`) },
          {
            label: t('security.sca.fields.description'),
            children: r.description ? <LocalText en={r.description} ar={r.descriptionAr} /> : '—',
          },
          { label: t('security.sca.fields.status'), children: <StatusTag status={r.status} /> },
          { label: t('security.sca.fields.updatedAt'), children: <DateTime iso={r.updatedAt} /> },
        ]}
      />
    </Panel>
  );
}
