import {
  type Channel,
  channels,
  type Feature,
  type FeatureInput,
  featureCommands,
  featureResource,
  featureSortFields,
  type Page,
} from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet, apiWrite } from '../../../api/typed.ts';
import { DataTable } from '../../../components/DataTable.tsx';
import { Ltr } from '../../../components/format.tsx';
import { Input } from '../../../components/Input.tsx';
import { localText, useDataLang } from '../../../components/localized.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Select } from '../../../components/Select.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useListUrl } from '../../../components/useListUrl.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useCan } from '../../../state/me.ts';

const key = [featureResource.name];

/**
 * MasterDataManagement/Features: the customer app's features, each switched on or off as a whole
 * (its status) and per channel. The integration API refuses a call of a feature that is off for
 * the calling key's channel; every switch is a command (audited, maker-checker service).
 */
export default function FeaturesPage() {
  const { t } = useTranslation();
  const lang = useDataLang();
  const can = useCan();
  const report = useWriteOutcome();
  const client = useQueryClient();
  const canEdit = can(featureCommands.update.name);
  const [saving, setSaving] = useState<number>();
  const { filters, query, filter, sortOrder, onTableChange, pagination } = useListUrl(featureSortFields, [
    'status',
  ]);

  const list = useQuery({
    queryKey: [...key, query],
    queryFn: ({ signal }): Promise<Page<Feature>> => apiGet('/api/admin/features', { query, signal }),
    placeholderData: keepPreviousData,
  });

  const save = async (f: Feature, patch: Partial<FeatureInput>) => {
    setSaving(f.id);
    const input: FeatureInput = { status: f.status, channels: f.channels, ...patch };
    await report(apiWrite('put', '/api/admin/features/{id}', { path: { id: f.id }, body: input }), {
      success: 'configuration.features.saved',
      failure: 'configuration.features.saveFailed',
    });
    setSaving(undefined);
    void client.invalidateQueries({ queryKey: key });
  };
  const toggleChannel = (f: Feature, channel: Channel, on: boolean) =>
    save(f, {
      channels: channels.filter((c) => (c === channel ? on : f.channels.includes(c))),
    });
  // A built-in feature's texts come from the server's system texts (decisions/bilingual-texts.md).
  const nameOf = (f: Feature) => localText(f.name, f.nameAr, lang);
  const descriptionOf = (f: Feature) => localText(f.description, f.descriptionAr, lang);

  return (
    <Panel>
      <Typography.Paragraph type="secondary">{t('configuration.features.intro')}</Typography.Paragraph>
      <Flex gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          key={String(query.q ?? '')}
          defaultValue={query.q as string | undefined}
          allowClear
          placeholder={t('configuration.features.search')}
          aria-label={t('configuration.features.search')}
          onSearch={(q) => filter({ q: q.trim() })}
          style={{ maxWidth: 300 }}
        />
        <Select
          allowClear
          aria-label={t('configuration.features.fields.status')}
          placeholder={t('configuration.features.fields.status')}
          value={filters.status}
          options={['ACTIVE', 'DISABLED'].map((s) => ({
            value: s,
            label: t(`configuration.features.statuses.${s}`),
          }))}
          onChange={(v?: string) => filter({ status: v })}
          style={{ minWidth: 180 }}
        />
      </Flex>
      <DataTable<Feature>
        data-testid="features-table"
        rowKey="id"
        size="middle"
        dataSource={list.data?.items}
        loading={list.isFetching}
        locale={{ emptyText: list.isPending ? ' ' : t('msg.noRecordsFound') }}
        pagination={pagination(list.data?.total, t)}
        onChange={onTableChange}
        columns={[
          {
            key: 'name',
            title: t('configuration.features.fields.name'),
            sorter: true,
            sortOrder: sortOrder('name'),
            render: (_, f) => (
              <>
                <Typography.Text strong>{nameOf(f)}</Typography.Text>{' '}
                <Tag>
                  <Ltr>{f.code}</Ltr>
                </Tag>
                <div>
                  <Typography.Text type="secondary">{descriptionOf(f)}</Typography.Text>
                </div>
              </>
            ),
          },
          {
            key: 'status',
            title: t('configuration.features.fields.status'),
            render: (_, f) => (
              <Switch
                aria-label={t('configuration.features.allChannels', { name: nameOf(f) })}
                checked={f.status === 'ACTIVE'}
                disabled={!canEdit}
                loading={saving === f.id}
                checkedChildren={t('configuration.features.statuses.ACTIVE')}
                unCheckedChildren={t('configuration.features.statuses.DISABLED')}
                onChange={(on) => void save(f, { status: on ? 'ACTIVE' : 'DISABLED' })}
              />
            ),
          },
          ...channels.map((c) => ({
            key: c,
            title: t(`channels.${c}`),
            align: 'center' as const,
            render: (_: unknown, f: Feature) => (
              <Switch
                size="small"
                aria-label={t('configuration.features.onChannel', {
                  name: nameOf(f),
                  channel: t(`channels.${c}`),
                })}
                checked={f.channels.includes(c)}
                disabled={!canEdit || f.status !== 'ACTIVE'}
                onChange={(on) => void toggleChannel(f, c, on)}
              />
            ),
          })),
        ]}
      />
    </Panel>
  );
}
