import {
  type LoyaltySettings,
  type LoyaltySettingsInput,
  loyaltySettingsCommands,
  loyaltySettingsInput,
  loyaltySettingsRead,
} from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, get, write } from '../../../api/client.ts';
import { useCan } from '../../../app/session.ts';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { zodRules } from '../../../components/zodRules.ts';
import { useToast } from '../../../state/useToast.ts';

const key = ['loyalty-settings'];
const basis = ['LIFETIME', 'ROLLING'].map((v) => ({ value: v, label: `loyaltySettings.basis.${v}` }));
const policies = ['IMMEDIATE', 'PERIOD_END'].map((v) => ({ value: v, label: `loyaltySettings.policy.${v}` }));

/** The engine's configuration: expiry, tier basis and downgrade policy. */
export function SettingsCard() {
  const { t } = useTranslation();
  const can = useCan();
  const toast = useToast();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => get<LoyaltySettings>('/api/admin/loyalty-settings', undefined, signal),
    enabled: can(loyaltySettingsRead.code),
  });
  const save = useMutation({
    mutationFn: (input: LoyaltySettingsInput) =>
      write<LoyaltySettings>('PUT', '/api/admin/loyalty-settings', input),
    onSuccess: (result) => {
      if (result.kind === 'pending')
        toast.info(t('common.submittedForApproval'), t('common.submittedForApprovalDetail'));
      else toast.success(t('loyaltySettings.saved'));
      void client.invalidateQueries({ queryKey: key });
    },
    onError: (e) =>
      toast.error(t('loyaltySettings.saveFailed'), e instanceof ApiError ? t(`error.${e.code}`) : undefined),
  });
  if (!settings.data) return null;
  const rules = zodRules(loyaltySettingsInput, t);
  const editable = can(loyaltySettingsCommands.update.name);
  return (
    <Card title={t('loyaltySettings.title')} style={{ marginTop: 16 }}>
      <Form<LoyaltySettingsInput>
        layout="inline"
        name="loyalty-settings"
        initialValues={settings.data}
        disabled={!editable}
        onFinish={(values) => save.mutate(values)}
      >
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
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  );
}
