import { securityPolicyCommands, securityPolicyFields } from '@loyalty/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { InputNumber } from '../../components/InputNumber.tsx';
import { SettingsCard } from '../../components/SettingsCard.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';
import { settingsMessages } from './choices.ts';
import { policyFields } from './SecurityPolicyPage.tsx';

/** `security/edit-policy`: access-token life, idle timeout, session life, concurrent sessions. */
export default function SecurityPolicyEditPage() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  return (
    <SettingsCard
      endpoint="/api/admin/security-policy"
      schema={securityPolicyFields}
      permission={securityPolicyCommands.update.name}
      title={t('security.policy.editTitle')}
      messages={settingsMessages}
      onSaved={() => navigate('/dashboard/security/policy')}
    >
      {(rules) =>
        policyFields.map((name) => (
          <Form.Item
            key={name}
            name={name}
            label={t(`security.policy.fields.${name}`)}
            rules={rules(name)}
            dependencies={name === 'idleTimeoutMinutes' ? ['sessionLifeHours'] : undefined}
          >
            <InputNumber min={1} style={{ width: 200 }} />
          </Form.Item>
        ))
      }
    </SettingsCard>
  );
}
