import { type Service, serviceCommands, serviceFields, serviceSortFields } from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable.tsx';
import { Input } from '../../components/Input.tsx';
import { Modal } from '../../components/Modal.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Select } from '../../components/Select.tsx';
import { Switch } from '../../components/Switch.tsx';
import { Tag } from '../../components/Tag.tsx';
import { useListUrl } from '../../components/useListUrl.ts';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { zodRules } from '../../components/zodRules.ts';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { useAppSelector } from '../../state/store.ts';
import { catalogKey, makerCheckerApi } from './api.ts';

type ServiceEdit = Omit<Service, 'serviceId' | 'active' | 'createdAt' | 'updatedAt'>;

/** Saves a service; says whether it applied or went to approval. */
function useSaveService() {
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  return async (service: Service, patch: Partial<ServiceEdit>): Promise<boolean> => {
    const { serviceTypeId, nameEn, nameAr, descriptionEn, descriptionAr, approvalRequired } = service;
    const input = { serviceTypeId, nameEn, nameAr, descriptionEn, descriptionAr, approvalRequired, ...patch };
    const outcome = await report(makerCheckerApi.updateService(service.serviceId, input), {
      success: 'approvals.services.saved',
      failure: 'approvals.services.saveFailed',
    });
    void queryClient.invalidateQueries({ queryKey: ['services'] });
    void queryClient.invalidateQueries({ queryKey: catalogKey });
    return outcome.ok;
  };
}

/**
 * ServiceTypes/Services: every command of the server as a maker-checker service — its names in
 * both languages, its type, and whether it waits for approval. Filters and paging in the URL.
 */
export default function ServicesPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const save = useSaveService();
  const types = useAppSelector((s) => s.makerChecker.serviceTypes);
  const { filters, query, filter, sortOrder, onTableChange, pagination } = useListUrl(serviceSortFields, [
    'serviceTypeId',
    'approvalRequired',
    'missingTranslation',
  ]);
  const [editing, setEditing] = useState<Service | undefined>();
  const canEdit = can(serviceCommands.update.name);

  const services = useQuery({
    queryKey: ['services', query],
    queryFn: ({ signal }) => makerCheckerApi.services(query, signal),
    placeholderData: keepPreviousData,
  });
  const typeName = (id: number) => {
    const type = types[String(id)] as { nameEn?: string; nameAr?: string } | undefined;
    return (lang === 'ar' ? type?.nameAr : type?.nameEn) ?? String(id);
  };
  const typeOptions = Object.keys(types).map((id) => ({ value: id, label: typeName(Number(id)) }));

  return (
    <Panel>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={String(query.q ?? '')}
          defaultValue={query.q as string | undefined}
          allowClear
          placeholder={t('approvals.services.search')}
          aria-label={t('approvals.services.search')}
          onSearch={(q) => filter({ q: q.trim() })}
          style={{ maxWidth: 300 }}
        />
        <Select
          allowClear
          aria-label={t('approvals.services.type')}
          placeholder={t('approvals.services.type')}
          value={filters.serviceTypeId}
          options={typeOptions}
          onChange={(v?: string) => filter({ serviceTypeId: v })}
          style={{ minWidth: 220 }}
        />
        <Select
          allowClear
          aria-label={t('approvals.services.approvalRequired')}
          placeholder={t('approvals.services.approvalRequired')}
          value={filters.approvalRequired}
          options={[
            { value: 'true', label: t('approvals.services.underApproval') },
            { value: 'false', label: t('approvals.services.direct') },
          ]}
          onChange={(v?: string) => filter({ approvalRequired: v })}
          style={{ minWidth: 200 }}
        />
        <Select
          allowClear
          aria-label={t('common.translation')}
          placeholder={t('common.translation')}
          value={filters.missingTranslation}
          options={[{ value: 'true', label: t('common.missingTranslation') }]}
          onChange={(v?: string) => filter({ missingTranslation: v })}
          style={{ minWidth: 200 }}
        />
      </Flex>
      <DataTable<Service>
        data-testid="services-table"
        rowKey="serviceId"
        dataSource={services.data?.items}
        loading={{ spinning: services.isFetching, description: t('approvals.loading') }}
        locale={{ emptyText: services.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={pagination(services.data?.total, t)}
        onChange={onTableChange}
        columns={[
          {
            key: 'serviceId',
            dataIndex: 'serviceId',
            title: t('approvals.services.serviceId'),
            sorter: true,
            sortOrder: sortOrder('serviceId'),
          },
          {
            key: 'nameEn',
            title: t('approvals.services.name'),
            sorter: true,
            sortOrder: sortOrder('nameEn'),
            render: (_, s) => (
              <>
                {lang === 'ar' ? s.nameAr : s.nameEn}{' '}
                {!s.active && <Tag>{t('approvals.services.inactive')}</Tag>}
              </>
            ),
          },
          { key: 'type', title: t('approvals.services.type'), render: (_, s) => typeName(s.serviceTypeId) },
          {
            key: 'approvalRequired',
            title: t('approvals.services.approvalRequired'),
            sorter: true,
            sortOrder: sortOrder('approvalRequired'),
            render: (_, s) => (
              <Switch
                aria-label={`${t('approvals.services.approvalRequired')} ${s.serviceId}`}
                checked={s.approvalRequired}
                disabled={!canEdit}
                onChange={(on) => void save(s, { approvalRequired: on })}
              />
            ),
          },
          ...(canEdit
            ? [
                {
                  key: 'actions',
                  title: t('common.actions'),
                  render: (_: unknown, s: Service) => (
                    <Button type="link" onClick={() => setEditing(s)}>
                      {t('common.edit')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      {editing && (
        <ServiceModal
          service={editing}
          typeOptions={typeOptions}
          onSave={async (patch) => (await save(editing, patch)) && setEditing(undefined)}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </Panel>
  );
}

/** Edits a service's names, descriptions and type; validation from the shared schema. */
function ServiceModal({
  service,
  typeOptions,
  onSave,
  onCancel,
}: {
  service: Service;
  typeOptions: { value: string; label: string }[];
  onSave: (patch: Partial<ServiceEdit>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const rules = useMemo(() => zodRules(serviceFields, t), [t]);
  const fields = ['nameEn', 'nameAr', 'descriptionEn', 'descriptionAr'] as const;
  return (
    <Modal
      open
      title={`${t('common.edit')} — ${service.serviceId}`}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ ...service, serviceTypeId: String(service.serviceTypeId) }}
        onFinish={(values) => void onSave({ ...values, serviceTypeId: Number(values.serviceTypeId) })}
      >
        <Form.Item name="serviceTypeId" label={t('approvals.services.type')}>
          <Select options={typeOptions} />
        </Form.Item>
        {fields.map((name) => (
          <Form.Item key={name} name={name} label={t(`approvals.types.fields.${name}`)} rules={rules(name)}>
            {name.startsWith('description') ? <Input.TextArea rows={2} /> : <Input />}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
