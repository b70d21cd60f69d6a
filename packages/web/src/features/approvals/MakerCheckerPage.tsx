import {
  commandLabel,
  type MakerCheckerCatalog,
  permissionCatalogue,
  serviceCommands,
} from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Collapse, Flex, Form } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { Alert } from '../../components/Alert.tsx';
import { ApprovalNotice } from '../../components/ApprovalNotice.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Select } from '../../components/Select.tsx';
import { Switch } from '../../components/Switch.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useMakerCheckerCatalog } from '../../components/useMakerChecker.ts';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { catalogKey, makerCheckerApi } from './api.ts';

/**
 * Configurations/MakerChecker: the global switch, self-approval, the checker permission and a
 * switch per service (grouped by service type), saved together as one `makerChecker.configure`.
 */
export default function MakerCheckerPage() {
  const { t } = useTranslation();
  const catalog = useMakerCheckerCatalog();
  if (catalog.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t(`error.${catalog.error instanceof ApiError ? catalog.error.code : 'INTERNAL'}`)}
      />
    );
  }
  if (!catalog.data) return <InlineLoading text={t('approvals.loading')} />;
  // A fresh form whenever the saved settings change.
  return <SettingsForm key={catalog.data.config.updatedAt} catalog={catalog.data} />;
}

function SettingsForm({ catalog }: { catalog: MakerCheckerCatalog }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const report = useWriteOutcome();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm();
  const saved = Object.fromEntries(catalog.services.map((s) => [s.serviceId, s.approvalRequired]));
  const [switches, setSwitches] = useState(saved);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const editable = can(serviceCommands.configure.name);
  const name = (o: { nameEn: string; nameAr: string }) => (lang === 'ar' ? o.nameAr : o.nameEn);

  const save = async () => {
    const values = await form.validateFields();
    const services = Object.entries(switches)
      .filter(([id, on]) => saved[id] !== on)
      .map(([serviceId, approvalRequired]) => ({ serviceId, approvalRequired }));
    setSaving(true);
    const outcome = await report(makerCheckerApi.configure({ ...values, services }), {
      success: 'approvals.config.saved',
      failure: 'approvals.config.saveFailed',
    });
    if (outcome.ok) {
      dirty.current = false;
      await queryClient.invalidateQueries({ queryKey: catalogKey });
    }
    setSaving(false);
  };

  return (
    <Flex vertical gap={16}>
      <Panel title={t('approvals.config.general')}>
        <ApprovalNotice serviceId={serviceCommands.configure.name} />
        <Form
          form={form}
          layout="vertical"
          disabled={!editable}
          initialValues={catalog.config}
          onValuesChange={() => {
            dirty.current = true;
          }}
        >
          <Form.Item
            name="enabled"
            label={t('approvals.config.enabled')}
            valuePropName="checked"
            extra={t('approvals.config.enabledHelp')}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="allowSelfApproval"
            label={t('approvals.config.allowSelfApproval')}
            valuePropName="checked"
            extra={t('approvals.config.allowSelfApprovalHelp')}
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="checkerPermission"
            label={t('approvals.config.checkerPermission')}
            extra={t('approvals.config.checkerPermissionHelp')}
            rules={[{ required: true, message: t('msg.fillAllFields') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={permissionCatalogue.map((p) => ({
                value: p.code,
                label: `${p.code} — ${commandLabel(p.code, lang)}`,
              }))}
            />
          </Form.Item>
        </Form>
      </Panel>
      <Panel title={t('approvals.config.services')}>
        <Typography.Paragraph type="secondary">{t('approvals.config.servicesHelp')}</Typography.Paragraph>
        <Collapse
          items={catalog.serviceTypes.map((type) => ({
            key: String(type.id),
            label: `${name(type)} (${catalog.services.filter((s) => s.serviceTypeId === type.id && switches[s.serviceId]).length}/${type.serviceCount})`,
            children: (
              <Flex vertical gap={8}>
                {catalog.services
                  .filter((s) => s.serviceTypeId === type.id)
                  .map((s) => (
                    <Flex key={s.serviceId} justify="space-between" align="center">
                      <span>
                        {name(s)} <Typography.Text type="secondary">{s.serviceId}</Typography.Text>
                      </span>
                      <Switch
                        aria-label={s.serviceId}
                        checked={switches[s.serviceId] ?? false}
                        disabled={!editable}
                        onChange={(on) => {
                          dirty.current = true;
                          setSwitches((prev) => ({ ...prev, [s.serviceId]: on }));
                        }}
                      />
                    </Flex>
                  ))}
              </Flex>
            ),
          }))}
        />
      </Panel>
      {editable && (
        <Flex justify="flex-end">
          <Button type="primary" loading={saving} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
