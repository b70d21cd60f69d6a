import {
  businessBankingCommands,
  businessBankingFields,
  businessBankingRead,
  type TransactionType,
  transactionTypeResource,
} from '@loyalty/contracts';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { resourceEndpoint } from '../../../api/resource.ts';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { listChoices } from '../../../components/resource.ts';
import { SettingsCard } from '../../../components/SettingsCard.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { Typography } from '../../../components/Typography.tsx';

const p = 'configuration.businessBanking';
/** Earning transaction types, searched on the server. */
const earnTypes = listChoices<TransactionType>({
  key: 'business-banking-types',
  path: resourceEndpoint(transactionTypeResource),
  query: { type: 'EARN' },
  label: (row) => `${row.name} (${row.code})`,
});

/**
 * BusinessConfigurations/BusinessBankingConfigurations: how business-segment customers earn and
 * redeem. The engine applies it in the earning's own statement; the points rules simulation
 * explains it for a business customer.
 */
export default function BusinessBankingPage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      endpoint="/api/admin/business-banking-settings"
      schema={businessBankingFields}
      permission={businessBankingCommands.update.name}
      readPermission={businessBankingRead.code}
      title={t(`${p}.title`)}
      messages={{ saved: `${p}.saved`, saveFailed: `${p}.saveFailed`, fetchFailed: `${p}.fetchFailed` }}
      name="business-banking"
    >
      {(rules) => (
        <>
          <Typography.Paragraph type="secondary">{t(`${p}.intro`)}</Typography.Paragraph>
          <Form.Item name="earns" label={t(`${p}.earns`)} valuePropName="checked" rules={rules('earns')}>
            <Switch />
          </Form.Item>
          <Form.Item
            name="multiplier"
            label={t(`${p}.multiplier`)}
            extra={t(`${p}.multiplierHelp`)}
            rules={rules('multiplier')}
          >
            <InputNumber min={0.1} max={10} step={0.05} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            name="monthlyCap"
            label={t(`${p}.monthlyCap`)}
            extra={t(`${p}.monthlyCapHelp`)}
            rules={rules('monthlyCap')}
          >
            <InputNumber min={1} style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="countingTypeIds"
            label={t(`${p}.countingTypes`)}
            extra={t(`${p}.countingTypesHelp`)}
            rules={rules('countingTypeIds')}
          >
            <ChoiceSelect options={earnTypes} mode="multiple" />
          </Form.Item>
          <Form.Item
            name="mayRedeem"
            label={t(`${p}.mayRedeem`)}
            valuePropName="checked"
            rules={rules('mayRedeem')}
          >
            <Switch />
          </Form.Item>
        </>
      )}
    </SettingsCard>
  );
}
