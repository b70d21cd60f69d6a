import { diffRecords } from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from './DataTable.tsx';
import { Typography } from './Typography.tsx';

const show = (v: unknown) =>
  v === undefined || v === null ? (
    <Typography.Text type="secondary">—</Typography.Text>
  ) : (
    <Typography.Text code={typeof v === 'object'}>
      {typeof v === 'object' ? JSON.stringify(v) : String(v)}
    </Typography.Text>
  );

/**
 * A change as a field-by-field before/after table (approval requests, audit entries): only the
 * fields that differ; every field for a creation or a deletion.
 */
export function ChangeDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = diffRecords(before ?? undefined, after ?? undefined);
  return (
    <DataTable
      data-testid="change-diff"
      size="small"
      rowKey="path"
      pagination={false}
      dataSource={rows}
      locale={{ emptyText: t('approvals.diff.none') }}
      columns={[
        { key: 'path', dataIndex: 'path', title: t('approvals.diff.field') },
        {
          key: 'before',
          title: t('approvals.diff.before'),
          render: (_, r) => <span className="diff-before">{show(r.before)}</span>,
        },
        {
          key: 'after',
          title: t('approvals.diff.after'),
          render: (_, r) => <span className="diff-after">{show(r.after)}</span>,
        },
      ]}
    />
  );
}
