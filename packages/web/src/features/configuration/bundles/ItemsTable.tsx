import { type ConfigItem, configItemCommands } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/DataTable.tsx';
import { Ltr } from '../../../components/format.tsx';
import { LangLink } from '../../../components/LangLink.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang } from '../../../i18n/lang.ts';
import { useCan } from '../../../state/me.ts';
import { configApi, configPaths } from './api.ts';
import { p } from './bundles.resource.tsx';
import { ValueText } from './values.tsx';

/** A bundle's items: read-only on the bundle's screen, with edit and delete where it is configured. */
export function ItemsTable({
  items,
  editable,
  loading,
}: {
  items: ConfigItem[];
  editable?: boolean;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const outcome = useWriteOutcome();
  const client = useQueryClient();
  const remove = async (item: ConfigItem) => {
    const done = await outcome(configApi.deleteItem(item.id), {
      success: `${p}.itemDeleted`,
      failure: `${p}.itemDeleteFailed`,
    });
    if (done.ok) await client.invalidateQueries({ queryKey: ['config-bundles', item.bundleId] });
  };
  return (
    <DataTable<ConfigItem>
      data-testid="config-items"
      size="small"
      rowKey="id"
      loading={loading}
      dataSource={items}
      pagination={false}
      locale={{ emptyText: t(`${p}.noItems`) }}
      columns={[
        {
          key: 'key',
          title: t(`${p}.fields.key`),
          render: (_, i) => (
            <Space size={4} wrap>
              <Ltr>{i.key}</Ltr>
              {i.system && <Tag color="blue">{t(`${p}.system`)}</Tag>}
              {i.secret && <Tag color="gold">{t(`${p}.secret`)}</Tag>}
            </Space>
          ),
        },
        { key: 'type', title: t(`${p}.fields.type`), render: (_, i) => t(`${p}.types.${i.type}`) },
        {
          key: 'value',
          title: t(`${p}.fields.value`),
          render: (_, i) => (
            <span data-testid={`value-${i.key}`}>
              <ValueText value={i.value} secret={i.secret} type={i.type} />
            </span>
          ),
        },
        {
          key: 'description',
          title: t(`${p}.fields.description`),
          render: (_, i) => (lang === 'ar' ? i.descriptionAr : i.descriptionEn) || '—',
        },
        { key: 'version', title: t(`${p}.fields.version`), dataIndex: 'version' },
        ...(editable
          ? [
              {
                key: 'actions',
                title: '',
                render: (_: unknown, i: ConfigItem) => (
                  <Space>
                    {can(configItemCommands.update.name) && (
                      <LangLink to={configPaths.editItem(i.id)} data-testid={`edit-${i.key}`}>
                        {t('common.edit')}
                      </LangLink>
                    )}
                    {!i.system && can(configItemCommands.delete.name) && (
                      <Popconfirm
                        title={t(`${p}.itemDeleteConfirm`, { key: i.key })}
                        onConfirm={() => remove(i)}
                        okText={t('common.delete')}
                        cancelText={t('common.cancel')}
                      >
                        <Button type="link" danger size="small">
                          {t('common.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
