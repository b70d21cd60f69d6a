import { loyaltySettingsCommands, loyaltySettingsInput, loyaltySettingsRead } from '@loyalty/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { fixedChoices } from '../../../components/resource.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';

const basis = fixedChoices(['LIFETIME', 'ROLLING'], 'loyaltySettings.basis');
const policies = fixedChoices(['IMMEDIATE', 'PERIOD_END'], 'loyaltySettings.policy');

/** The engine's configuration: expiry, tier basis and downgrade policy. */
export function LoyaltySettingsCard() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      endpoint="/api/admin/loyalty-settings"
      schema={loyaltySettingsInput}
      permission={loyaltySettingsCommands.update.name}
      readPermission={loyaltySettingsRead.code}
      title={t('loyaltySettings.title')}
      messages={{
        saved: 'loyaltySettings.saved',
        saveFailed: 'loyaltySettings.saveFailed',
        fetchFailed: 'loyaltySettings.fetchFailed',
      }}
      name="loyalty-settings"
      layout="inline"
      style={{}}
    >
      {(rules) => (
        <>
          <Form.Item
            name="expiryMonths"
            label={t('loyaltySettings.expiryMonths')}
            rules={rules('expiryMonths')}
          >
            <InputNumber min={0} />
          </Form.Item>
          <Form.Item name="tierBasis" label={t('loyaltySettings.tierBasis')} rules={rules('tierBasis')}>
            <ChoiceSelect options={basis} allowClear={false} style={{ minWidth: 150 }} />
          </Form.Item>
          <Form.Item
            name="tierWindowMonths"
            label={t('loyaltySettings.tierWindowMonths')}
            rules={rules('tierWindowMonths')}
          >
            <InputNumber min={1} />
          </Form.Item>
          <Form.Item
            name="downgradePolicy"
            label={t('loyaltySettings.downgradePolicy')}
            rules={rules('downgradePolicy')}
          >
            <ChoiceSelect options={policies} allowClear={false} style={{ minWidth: 180 }} />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}
