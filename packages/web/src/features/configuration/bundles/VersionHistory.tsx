import { type ConfigItem, type ConfigItemVersion, configItemCommands } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { DateTime, Ltr } from '../../../components/format.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useCan } from '../../../state/me.ts';
import { configApi, configKeys } from './api.ts';
import { p } from './bundles.resource.tsx';
import { ValueText, VersionDiff } from './values.tsx';

/**
 * The history of a bundle's items (or of one of them): every version, what changed from the one
 * before, who changed it and how, and "restore" on any version but the current one.
 */
export function VersionHistory({
  bundleId,
  items,
  itemId,
}: {
  bundleId: number;
  items: ConfigItem[];
  itemId?: number;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const client = useQueryClient();
  const versions = useQuery({
    queryKey: configKeys.versions(bundleId),
    queryFn: ({ signal }) => configApi.versions(bundleId, signal),
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  const rows = (versions.data ?? []).filter((v) => itemId === undefined || v.itemId === itemId);
  const previous = (v: ConfigItemVersion) =>
    versions.data?.find((o) => o.itemId === v.itemId && o.version === v.version - 1);
  const restore = async (v: ConfigItemVersion) => {
    const done = await outcome(configApi.restore(v.itemId, v.version), {
      success: `${p}.restored`,
      failure: `${p}.restoreFailed`,
    });
    if (done.ok) {
      await client.invalidateQueries({ queryKey: ['config-bundles', bundleId] });
      await client.invalidateQueries({ queryKey: configKeys.item(v.itemId) });
    }
  };
  return (
    <Panel title={t(`${p}.history`)} data-testid="version-history">
      <QueryError query={versions} />
      <DataTable<ConfigItemVersion>
        size="small"
        rowKey="id"
        loading={versions.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        locale={{ emptyText: t(`${p}.noHistory`) }}
        columns={[
          { key: 'key', title: t(`${p}.fields.key`), render: (_, v) => <Ltr>{v.key}</Ltr> },
          { key: 'version', title: t(`${p}.fields.version`), dataIndex: 'version' },
          {
            key: 'value',
            title: t(`${p}.fields.value`),
            render: (_, v) => (
              <ValueText value={v.value} secret={v.secret} type={byId.get(v.itemId)?.type ?? 'STRING'} />
            ),
          },
          {
            key: 'diff',
            title: t(`${p}.diff`),
            render: (_, v) => {
              const item = byId.get(v.itemId);
              return item ? <VersionDiff item={item} before={previous(v)?.value} after={v.value} /> : null;
            },
          },
          {
            key: 'source',
            title: t(`${p}.fields.source`),
            render: (_, v) => t(`${p}.sources.${v.source}`, { defaultValue: v.source }),
          },
          {
            key: 'changedBy',
            title: t(`${p}.fields.changedBy`),
            render: (_, v) => v.changedBy ?? t(`${p}.theSystem`),
          },
          {
            key: 'changedAt',
            title: t(`${p}.fields.changedAt`),
            render: (_, v) => <DateTime iso={v.changedAt} />,
          },
          {
            key: 'restore',
            title: '',
            render: (_, v) =>
              can(configItemCommands.restore.name) && byId.get(v.itemId)?.version !== v.version ? (
                <Popconfirm
                  title={t(`${p}.restoreConfirm`, { key: v.key, version: v.version })}
                  onConfirm={() => restore(v)}
                  okText={t(`${p}.restore`)}
                  cancelText={t('common.cancel')}
                >
                  <Button size="small" data-testid={`restore-${v.key}-${v.version}`}>
                    {t(`${p}.restore`)}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Panel>
  );
}
