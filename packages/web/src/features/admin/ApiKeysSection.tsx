import {
  type ApiKey,
  type ApiKeyInput,
  apiKeyCommands,
  apiKeyInput,
  apiKeyRead,
  apiKeyScopes,
  channels,
  type Page,
} from '@loyalty/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiWrite } from '../../api/typed.ts';
import { Alert } from '../../components/Alert.tsx';
import { CheckboxGroup } from '../../components/CheckboxGroup.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { Input } from '../../components/Input.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Select } from '../../components/Select.tsx';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { zodRules } from '../../components/zodRules.ts';
import { useConfirm } from '../../state/confirm.ts';
import { useCan } from '../../state/me.ts';
import { useToast } from '../../state/useToast.ts';

const key = ['api-keys'];
const day = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 16) : '—');

/**
 * The integration API keys (the `admin` screen's section): who may call /api/integration/v1 and
 * with which scopes. A new key's secret is shown once, at creation — also when issuing it waits
 * for a second person's approval (a safeguard), after which it works; revoking keeps it listed.
 */
export function ApiKeysSection() {
  const { t } = useTranslation();
  const can = useCan();
  const toast = useToast();
  const confirm = useConfirm();
  const report = useWriteOutcome();
  const client = useQueryClient();
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ key: string; pending: boolean }>();
  const [form] = Form.useForm<ApiKeyInput>();
  const rules = zodRules(apiKeyInput, t);

  const keys = useQuery({
    queryKey: [...key, page],
    queryFn: ({ signal }): Promise<Page<ApiKey>> => apiGet('/api/admin/api-keys', { query: page, signal }),
    placeholderData: keepPreviousData,
    enabled: can(apiKeyRead.code),
  });
  const create = useMutation({
    // No success toast: the new key's secret is shown in a dialog instead.
    mutationFn: (input: ApiKeyInput) =>
      report(apiWrite('post', '/api/admin/api-keys', { body: input }), { failure: 'apiKeys.createFailed' }),
    onSuccess: (outcome) => {
      if (!outcome.ok) return;
      setCreating(false);
      form.resetFields();
      const { result } = outcome;
      if (result.kind === 'applied') setCreated({ key: result.data.key, pending: false });
      else if (typeof result.held?.key === 'string') setCreated({ key: result.held.key, pending: true });
      void client.invalidateQueries({ queryKey: key });
    },
  });
  const revoke = (row: ApiKey) =>
    confirm({
      header: t('apiKeys.revoke'),
      message: t('apiKeys.revokeConfirm', { name: row.name }),
      handleConfirm: async () => {
        const outcome = await report(
          apiWrite('delete', '/api/admin/api-keys/{id}', { path: { id: row.id } }),
          {
            success: 'apiKeys.revoked',
            failure: 'apiKeys.revokeFailed',
          },
        );
        if (outcome.ok) void client.invalidateQueries({ queryKey: key });
      },
    });

  if (!can(apiKeyRead.code)) return null;
  return (
    <Panel
      title={t('apiKeys.title')}
      extra={
        can(apiKeyCommands.create.name) && (
          <Button type="primary" onClick={() => setCreating(true)}>
            {t('apiKeys.create')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('apiKeys.intro')}</Typography.Paragraph>
      <DataTable<ApiKey>
        data-testid="api-keys-table"
        size="small"
        rowKey="id"
        dataSource={keys.data?.items}
        loading={keys.isFetching}
        locale={{ emptyText: keys.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: keys.data?.total ?? 0,
          onChange: (p, size) => setPage({ page: size === page.pageSize ? p : 1, pageSize: size }),
        }}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('apiKeys.fields.name') },
          { key: 'prefix', title: t('apiKeys.fields.prefix'), render: (_, k) => <code>{k.prefix}…</code> },
          {
            key: 'channel',
            title: t('apiKeys.fields.channel'),
            render: (_, k) => t(`channels.${k.channel}`),
          },
          {
            key: 'scopes',
            title: t('apiKeys.fields.scopes'),
            render: (_, k) => k.scopes.map((s) => <Tag key={s}>{t(`apiKeys.scopes.${s}`)}</Tag>),
          },
          {
            key: 'status',
            title: t('apiKeys.fields.status'),
            render: (_, k) => <StatusTag status={k.status} prefix="apiKeys.statuses" />,
          },
          { key: 'createdAt', title: t('apiKeys.fields.createdAt'), render: (_, k) => day(k.createdAt) },
          { key: 'lastUsedAt', title: t('apiKeys.fields.lastUsedAt'), render: (_, k) => day(k.lastUsedAt) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_, k) =>
              k.status === 'ACTIVE' &&
              can(apiKeyCommands.revoke.name) && (
                <Button type="link" danger onClick={() => revoke(k)}>
                  {t('apiKeys.revoke')}
                </Button>
              ),
          },
        ]}
      />
      <Modal
        open={creating}
        title={t('apiKeys.create')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={create.isPending}
        onOk={() => form.submit()}
        onCancel={() => setCreating(false)}
      >
        <Form<ApiKeyInput>
          form={form}
          layout="vertical"
          name="api-key"
          initialValues={{ scopes: ['transactions', 'balance'], channel: 'MOBILE_APP' }}
          onFinish={(values) => create.mutate(values)}
          onFinishFailed={({ errorFields }) => {
            const first = errorFields[0]?.errors[0];
            if (first) toast.error(first);
          }}
        >
          <Form.Item name="name" label={t('apiKeys.fields.name')} rules={rules('name')}>
            <Input />
          </Form.Item>
          <Form.Item name="channel" label={t('apiKeys.fields.channel')} rules={rules('channel')}>
            <Select options={channels.map((c) => ({ value: c, label: t(`channels.${c}`) }))} />
          </Form.Item>
          <Form.Item name="scopes" label={t('apiKeys.fields.scopes')} rules={rules('scopes')}>
            <CheckboxGroup
              options={apiKeyScopes.map((s) => ({ value: s, label: t(`apiKeys.scopes.${s}`) }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={created !== undefined}
        title={t(created?.pending ? 'apiKeys.pendingTitle' : 'apiKeys.createdTitle')}
        onOk={() => setCreated(undefined)}
        onCancel={() => setCreated(undefined)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('apiKeys.done')}
      >
        <Alert type="warning" showIcon title={t('apiKeys.shownOnce')} style={{ marginBottom: 12 }} />
        {created?.pending && (
          <Alert type="info" showIcon title={t('apiKeys.worksOnceApproved')} style={{ marginBottom: 12 }} />
        )}
        <Typography.Paragraph copyable={{ text: created?.key }} data-testid="api-key-secret">
          <code>{created?.key}</code>
        </Typography.Paragraph>
      </Modal>
    </Panel>
  );
}
