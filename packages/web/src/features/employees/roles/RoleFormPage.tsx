import { type Role, type RoleInput, roleFields, type StaffPermission } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Tree } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { ChoiceSelect } from '../../../components/ChoiceSelect.tsx';
import { firstFormError } from '../../../components/formErrors.ts';
import { Input } from '../../../components/Input.tsx';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { LocalName } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { activeStatusChoices } from '../../../components/StatusTag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.ts';
import { messageText, zodRules } from '../../../components/zodRules.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useToast } from '../../../state/useToast.ts';
import { loadCatalogue } from '../permissions/permissions.resource.tsx';
import { roleUi } from './roles.resource.tsx';

/** The permission catalogue as a tree: one branch per area, the codes as leaves. */
function treeOf(catalogue: StaffPermission[], t: TFunction) {
  const areas = [...new Set(catalogue.map((p) => p.area))].sort();
  return areas.map((area) => ({
    key: `area:${area}`,
    title: t(`employees.areas.${area}`, { defaultValue: area }),
    children: catalogue
      .filter((p) => p.area === area)
      .map((p) => ({
        key: p.code,
        title: (
          <span>
            <LocalName record={p} /> <Typography.Text type="secondary">({p.code})</Typography.Text>
          </span>
        ),
        disabled: p.status === 'DISABLED',
      })),
  }));
}

/** `employee/create-role` (and, with `?id=`, editing that role): name, status and permission set. */
export default function RoleFormPage() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  const toast = useToast();
  const id = Number(useSearchParams()[0].get('id')) || undefined;
  const actions = useResourceActions(roleUi);
  const [form] = Form.useForm<RoleInput>();
  const rules = useMemo(() => zodRules(roleFields, t), [t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);

  const catalogue = useQuery({
    queryKey: ['permissions', 'catalogue'],
    queryFn: ({ signal }) => loadCatalogue(signal),
  });
  const role = useQuery({
    queryKey: ['roles', 'detail', id],
    queryFn: ({ signal }) => roleUi.api.get(id as number, signal),
    enabled: id !== undefined,
  });
  const codes = useMemo(() => new Set(catalogue.data?.map((p) => p.code)), [catalogue.data]);

  if (catalogue.isPending || (id !== undefined && role.isPending))
    return <InlineLoading text={t('employees.roles.loading')} />;
  if (catalogue.isError || role.isError)
    return <Alert type="error" showIcon title={t('employees.roles.fetchFailed')} />;
  const existing: Role | undefined = role.data;

  const submit = async (values: RoleInput) => {
    const input = { ...values, permissions: (values.permissions ?? []).filter((c) => codes.has(c)) };
    const outcome = existing ? await actions.update(existing.id, input) : await actions.create(input);
    if (outcome.ok) {
      dirty.current = false;
      navigate(roleUi.paths.list);
      return;
    }
    form.setFields(
      outcome.fieldErrors.map((e) => ({
        name: e.path.split('.')[0] as keyof RoleInput,
        errors: [messageText(t, e.message)],
      })),
    );
  };

  return (
    <Panel title={t(existing ? 'employees.roles.editTitle' : 'employees.roles.createTitle')}>
      {existing?.system && (
        <Alert type="info" showIcon title={t('employees.roles.systemRole')} style={{ marginBottom: 16 }} />
      )}
      <Form<RoleInput>
        form={form}
        name="role"
        layout="vertical"
        style={{ maxWidth: 720 }}
        disabled={existing?.system}
        initialValues={
          existing
            ? {
                code: existing.code,
                name: existing.name,
                nameAr: existing.nameAr,
                description: existing.description,
                descriptionAr: existing.descriptionAr,
                status: existing.status,
                permissions: existing.permissions,
              }
            : { status: 'ACTIVE', permissions: [] }
        }
        onValuesChange={() => {
          dirty.current = true;
        }}
        onFinish={submit}
        onFinishFailed={({ errorFields }) => {
          const first = firstFormError(errorFields);
          if (first) toast.error(first);
        }}
      >
        <Form.Item
          name="code"
          label={t('employees.roles.fields.code')}
          rules={rules('code')}
          extra={t('employees.roles.codeHint')}
        >
          <Input />
        </Form.Item>
        <Form.Item name="name" label={t('employees.roles.fields.name')} rules={rules('name')}>
          <Input />
        </Form.Item>
        <Form.Item name="nameAr" label={t('common.nameAr')} rules={rules('nameAr')}>
          <Input dir="rtl" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('employees.roles.fields.description')}
          rules={rules('description')}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="descriptionAr" label={t('common.descriptionAr')} rules={rules('descriptionAr')}>
          <Input.TextArea rows={2} dir="rtl" />
        </Form.Item>
        <Form.Item name="status" label={t('employees.roles.fields.status')} rules={rules('status')}>
          <ChoiceSelect options={activeStatusChoices} allowClear={false} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label={t('employees.roles.fields.permissions')}
          valuePropName="checkedKeys"
          trigger="onCheck"
          getValueFromEvent={(checked: string[] | { checked: string[] }) =>
            (Array.isArray(checked) ? checked : checked.checked).filter((k) => !k.startsWith('area:'))
          }
          extra={t('employees.roles.permissionsHint')}
        >
          <Tree checkable selectable={false} treeData={treeOf(catalogue.data, t)} height={420} />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={actions.saving}>
            {t('common.save')}
          </Button>
          <Button disabled={false} onClick={() => navigate(roleUi.paths.list)}>
            {t('common.cancel')}
          </Button>
        </Flex>
      </Form>
    </Panel>
  );
}
