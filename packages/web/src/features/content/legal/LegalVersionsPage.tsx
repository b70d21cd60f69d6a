import './legal.css';
import { type LegalDocument, type LegalKind, legalDocumentCommands } from '@loyalty/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { Day, Ltr } from '../../../components/format.tsx';
import { Modal } from '../../../components/Modal.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { readListParams } from '../../../components/ResourceTable.tsx';
import { StatusTag } from '../../../components/StatusTag.tsx';
import { Tabs } from '../../../components/Tabs.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLang, useLangNavigate } from '../../../i18n/lang.ts';
import { useConfirm } from '../../../state/confirm.ts';
import { useCan } from '../../../state/me.ts';
import { LegalText } from './LegalText.tsx';
import { LEGAL_KEY, legalApi, legalPaths, publishLegal, useLegalDiff, usePublished } from './legalApi.ts';

/** The word-level changes between two versions, in both languages. */
function DiffModal({ id, against, onClose }: { id?: number; against?: number; onClose: () => void }) {
  const { t } = useTranslation();
  const diff = useLegalDiff(id, against);
  const changes = (lang: 'en' | 'ar') => (
    <div className="legal-diff" dir={lang === 'ar' ? 'rtl' : 'ltr'} data-testid={`legal-diff-${lang}`}>
      {diff.data?.[lang].map((c, i) => {
        const key = `${i}-${c.added}-${c.removed}`;
        if (c.added) return <ins key={key}>{c.value}</ins>;
        if (c.removed) return <del key={key}>{c.value}</del>;
        return <span key={key}>{c.value}</span>;
      })}
    </div>
  );
  return (
    <Modal
      open={id !== undefined}
      onCancel={onClose}
      footer={null}
      width={820}
      title={
        diff.data && t('content.legal.diffTitle', { from: diff.data.from.version, to: diff.data.to.version })
      }
    >
      <QueryError query={diff} />
      <Tabs
        items={[
          { key: 'en', label: t('content.legal.english'), children: changes('en') },
          { key: 'ar', label: t('content.legal.arabic'), children: changes('ar') },
        ]}
      />
    </Modal>
  );
}

/** The published version: what the customer app shows now, in both languages. */
function PublishedCard({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const published = usePublished(kind);
  const doc = published.data;
  return (
    <Panel title={t('content.legal.published')} style={{ marginBottom: 16 }}>
      <QueryError query={published} />
      {published.isSuccess && !doc && <p>{t('content.legal.nonePublished')}</p>}
      {doc && (
        <>
          <Descriptions
            size="small"
            column={{ xs: 1, md: 4 }}
            items={[
              { key: 'version', label: t('content.legal.fields.version'), children: doc.version },
              {
                key: 'effectiveDate',
                label: t('content.legal.fields.effectiveDate'),
                children: <Day iso={doc.effectiveDate} />,
              },
              {
                key: 'publishedBy',
                label: t('content.legal.fields.publishedBy'),
                children: <Ltr>{doc.publishedBy}</Ltr>,
              },
              { key: 'acceptances', label: t('content.legal.fields.acceptances'), children: doc.acceptances },
            ]}
          />
          <Tabs
            defaultActiveKey={lang}
            items={[
              {
                key: 'en',
                label: t('content.legal.english'),
                children: (
                  <>
                    <h3 dir="ltr">{doc.titleEn}</h3>
                    <LegalText dir="ltr" html={doc.bodyEn} label={doc.titleEn} />
                  </>
                ),
              },
              {
                key: 'ar',
                label: t('content.legal.arabic'),
                children: (
                  <>
                    <h3 dir="rtl">{doc.titleAr}</h3>
                    <LegalText dir="rtl" html={doc.bodyAr} label={doc.titleAr} />
                  </>
                ),
              },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

/**
 * The privacy policy or the terms: the published version, and every version — drafts to edit,
 * publish or delete, and any version compared with the published one.
 */
export function LegalVersionsPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const navigate = useLangNavigate();
  const confirm = useConfirm();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const list = readListParams(params, []);
  const query = { ...list, kind, sort: 'version:desc' };
  const versions = useQuery({
    queryKey: [LEGAL_KEY, 'list', query],
    queryFn: ({ signal }) => legalApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const published = usePublished(kind);
  const [diff, setDiff] = useState<{ id: number; against: number }>();
  const paths = legalPaths(kind);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [LEGAL_KEY] });

  const publish = (row: LegalDocument) =>
    confirm({
      header: t('content.legal.publish'),
      message: t('content.legal.publishConfirm', { version: row.version }),
      handleConfirm: async () => {
        await report(publishLegal(row.id), {
          success: 'content.legal.publishedToast',
          failure: 'content.legal.publishFailed',
        });
        await refresh();
      },
    });
  const remove = (row: LegalDocument) =>
    confirm({
      header: t('common.confirmDeleteTitle'),
      message: t('content.legal.deleteConfirm', { version: row.version }),
      handleConfirm: async () => {
        await report(legalApi.remove(row.id), {
          success: 'common.deleted',
          failure: 'content.legal.deleteFailed',
        });
        await refresh();
      },
    });

  const columns: DataColumn<LegalDocument>[] = [
    { key: 'version', dataIndex: 'version', title: t('content.legal.fields.version'), width: 90 },
    {
      key: 'title',
      title: t('content.legal.fields.title'),
      render: (_, row) => (lang === 'ar' ? row.titleAr : row.titleEn),
    },
    {
      key: 'effectiveDate',
      title: t('content.legal.fields.effectiveDate'),
      render: (_, row) => <Day iso={row.effectiveDate} />,
    },
    {
      key: 'status',
      title: t('content.legal.fields.status'),
      render: (_, row) => <StatusTag status={row.status} prefix="content.legal.statuses" />,
    },
    { key: 'acceptances', dataIndex: 'acceptances', title: t('content.legal.fields.acceptances') },
    {
      key: 'actions',
      title: t('common.actions'),
      fixed: 'end',
      render: (_, row) => {
        const draft = row.status === 'DRAFT';
        const current = published.data;
        return (
          <Space wrap>
            {current && current.id !== row.id && (
              <Button type="link" onClick={() => setDiff({ id: row.id, against: current.id })}>
                {t('content.legal.compare')}
              </Button>
            )}
            {draft && can(legalDocumentCommands.update.name) && (
              <Button type="link" onClick={() => navigate(paths.edit(row.id))}>
                {t('common.edit')}
              </Button>
            )}
            {draft && can(legalDocumentCommands.publish.name) && (
              <Button type="link" onClick={() => publish(row)}>
                {t('content.legal.publish')}
              </Button>
            )}
            {draft && can(legalDocumentCommands.delete.name) && (
              <Button type="link" danger onClick={() => remove(row)}>
                {t('common.delete')}
              </Button>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <PublishedCard kind={kind} />
      <Panel title={t('content.legal.versions')}>
        <Flex justify="end" style={{ marginBottom: 16 }}>
          {can(legalDocumentCommands.create.name) && (
            <Button type="primary" onClick={() => navigate(paths.create)}>
              {t('content.legal.newVersion')}
            </Button>
          )}
        </Flex>
        <QueryError query={versions} />
        <DataTable<LegalDocument>
          data-testid="legal-versions-table"
          rowKey="id"
          columns={columns}
          dataSource={versions.data?.items}
          loading={{ spinning: versions.isFetching, description: t('content.legal.loading') }}
          locale={{ emptyText: versions.isPending ? ' ' : t('msg.noRecordsFound') }}
          pagination={{
            current: list.page,
            pageSize: list.pageSize,
            total: versions.data?.total ?? 0,
            onChange: (page, pageSize) =>
              setParams((prev) => {
                prev.set('page', String(page));
                prev.set('pageSize', String(pageSize));
                return prev;
              }),
          }}
        />
      </Panel>
      <DiffModal id={diff?.id} against={diff?.against} onClose={() => setDiff(undefined)} />
    </>
  );
}
