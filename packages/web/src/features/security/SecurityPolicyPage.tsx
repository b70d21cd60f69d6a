import { type SecurityPolicy, securityPolicyCommands, securityPolicyRead } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../api/typed.ts';
import { Alert } from '../../components/Alert.tsx';
import { Descriptions } from '../../components/Descriptions.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';

export const policyFields = [
  'accessTokenMinutes',
  'idleTimeoutMinutes',
  'sessionLifeHours',
  'maxConcurrentSessions',
] as const;

/** `security/policy`: the session rules in force. */
export default function SecurityPolicyPage() {
  const { t } = useTranslation();
  const can = useCan();
  const navigate = useLangNavigate();
  const policy = useQuery({
    queryKey: ['/api/admin/security-policy'],
    queryFn: ({ signal }): Promise<SecurityPolicy> => apiGet('/api/admin/security-policy', { signal }),
    enabled: can(securityPolicyRead.code),
  });
  if (policy.isPending) return <InlineLoading text={t('common.loading')} />;
  if (policy.isError) return <Alert type="error" showIcon title={t('security.fetchFailed')} />;
  return (
    <Panel
      title={t('security.policy.title')}
      extra={
        can(securityPolicyCommands.update.name) && (
          <Button type="primary" onClick={() => navigate('/dashboard/security/edit-policy')}>
            {t('common.edit')}
          </Button>
        )
      }
    >
      <Descriptions
        column={1}
        bordered
        items={policyFields.map((field) => ({
          key: field,
          label: t(`security.policy.fields.${field}`),
          children: t(`security.policy.values.${field}`, { count: policy.data[field] }),
        }))}
      />
    </Panel>
  );
}
