import { type ImportControl, importCommands, voucherResource } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Descriptions } from '../../components/Descriptions.tsx';
import { DateTime, Ltr } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Progress } from '../../components/Progress.tsx';
import { ProblemPanel } from '../../components/plain.tsx';
import { screenLink } from '../../components/resource.ts';
import { StatusTag } from '../../components/StatusTag.tsx';
import { Tag } from '../../components/Tag.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { useCan } from '../../state/me.ts';
import { importsApi } from './api.ts';
import { ImportLines } from './ImportErrors.tsx';

// Polled while the job stages (a pushed file) or posts it.
const running = new Set(['RECEIVED', 'STAGING', 'QUEUED', 'POSTING']);

/**
 * A refused file's error (the server's message, then `line N: imports.<reason>` or
 * `file: imports.<reason>`) in the screen's language, as the upload form shows a refusal; any
 * other error (a posting that failed) as it is.
 */
function refusalText(error: string, t: TFunction): string {
  const faults = error
    .split('\n')
    .map((l) => /^(line \d+|file): (imports\.\w+)$/.exec(l))
    .filter((m) => m !== null);
  if (!faults.length) return error;
  const where = (w: string | undefined) =>
    w === 'file' ? '' : `${w?.replace(/^line /, `${t('imports.line')} `)}: `;
  return [t('imports.csvInvalid'), ...faults.map(([, w, key]) => `${where(w)}${t(key ?? '')}`)].join(' ');
}

/**
 * `Imports/{id}`: an import's status and counts, its progress while the job checks it (an upload or
 * a push is staged by the job) and while posting (polled) with pause and resume beside it, the post
 * action, its lines once read.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const can = useCan();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: ['imports', 'detail', id],
    queryFn: ({ signal }) => importsApi.get(id, signal),
    enabled: valid,
    refetchInterval: (q) => (running.has(q.state.data?.status ?? '') ? 1000 : false),
  });
  if (!valid || query.isError) return <ProblemPanel tone="warning" title={t('imports.fetchFailed')} />;
  const imp = query.data;
  if (!imp) return <InlineLoading text={t('imports.loading')} />;

  const postable = imp.status === 'VALIDATED' || imp.status === 'FAILED';
  const post = async () => {
    await outcome(importsApi.post(imp.id), { success: 'imports.queued', failure: 'imports.postFailed' });
    await queryClient.invalidateQueries({ queryKey: ['imports'] });
  };
  const act = (action: 'pause' | 'resume') => async () => {
    await outcome(importsApi[action](imp.id), {
      success: action === 'pause' ? 'imports.paused' : 'imports.resumed',
      failure: action === 'pause' ? 'imports.pauseFailed' : 'imports.resumeFailed',
    });
    await queryClient.invalidateQueries({ queryKey: ['imports'] });
  };
  const pausable = (imp.status === 'QUEUED' || imp.status === 'POSTING') && can(importCommands.pause.name);
  const resumable = imp.status === 'PAUSED' && can(importCommands.resume.name);
  const refused = Object.entries(imp.refused);
  // Received or being checked by the staging job: its progress, then its lines once read.
  const staging = imp.status === 'RECEIVED' || imp.status === 'STAGING';
  return (
    <Flex vertical gap={16}>
      <Panel
        title={<Ltr>{imp.fileName || `#${imp.id}`}</Ltr>}
        extra={
          postable &&
          can(importCommands.post.name) && (
            <Button type="primary" onClick={post}>
              {t('imports.post')}
            </Button>
          )
        }
      >
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t('imports.fields.status')}>
            <StatusTag status={imp.status} prefix="imports.statuses" />
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.kind')}>
            {t(`imports.kinds.${imp.kind}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.channel')}>
            {imp.channel ? t(`channels.${imp.channel}`) : '—'}
          </Descriptions.Item>
          {imp.voucherId !== null && (
            <Descriptions.Item label={t('imports.fields.voucher')}>
              <LangLink to={screenLink(voucherResource, 'edit', imp.voucherId)}>
                {t('imports.voucherLink', { id: imp.voucherId })}
              </LangLink>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('imports.fields.postValid')}>
            {imp.postValid ? t('imports.yes') : t('imports.no')}
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.createdBy')}>{imp.createdBy}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.createdAt')}>
            <DateTime iso={imp.createdAt} />
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.approvedBy')}>
            {imp.approvedBy ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.finishedAt')}>
            {imp.finishedAt ? <DateTime iso={imp.finishedAt} /> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.lines')}>{imp.lines}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.invalidLines')}>{imp.invalidLines}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.posted')}>{imp.posted}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.duplicates')}>{imp.duplicates}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.points')}>{imp.points}</Descriptions.Item>
          <Descriptions.Item label={t('imports.fields.refused')}>
            {refused.length === 0
              ? '—'
              : refused.map(([reason, n]) => (
                  <Tag key={reason}>
                    {t(`imports.reasons.${reason}`)}: {n}
                  </Tag>
                ))}
          </Descriptions.Item>
          {imp.error && (
            <Descriptions.Item label={t('imports.fields.error')}>
              {refusalText(imp.error, t)}
            </Descriptions.Item>
          )}
        </Descriptions>
        {imp.status !== 'VALIDATED' && imp.status !== 'INVALID' && imp.status !== 'REFUSED' && (
          <Flex align="center" gap={12}>
            <div style={{ flex: 1 }}>
              <Progress
                aria-label={t(staging ? 'imports.stagingProgress' : 'imports.progress')}
                percent={imp.progress}
                status={
                  imp.status === 'DONE'
                    ? 'success'
                    : imp.status === 'FAILED'
                      ? 'exception'
                      : imp.status === 'PAUSED'
                        ? 'normal'
                        : 'active'
                }
              />
            </div>
            {pausable && <Button onClick={act('pause')}>{t('imports.pause')}</Button>}
            {resumable && (
              <Button type="primary" onClick={act('resume')}>
                {t('imports.resume')}
              </Button>
            )}
          </Flex>
        )}
      </Panel>
      {imp.control && <Reconciliation control={imp.control} />}
      {staging ? <Alert type="info" showIcon title={t('imports.stagingWait')} /> : <ImportLines imp={imp} />}
    </Flex>
  );
}

/** A fixed-width file's records and total as read, beside its trailer's (the file was refused had they differed). */
function Reconciliation({ control }: { control: ImportControl }) {
  const { t } = useTranslation();
  const side = (file: string | number | null, trailer: string | number | null) =>
    file === null ? (
      '—'
    ) : (
      <Flex gap={8} wrap>
        <span>
          {t('imports.fileSide')}: <Ltr>{file}</Ltr>
        </span>
        <span>
          {t('imports.trailerSide')}: <Ltr>{trailer ?? '—'}</Ltr>
        </span>
        {trailer !== null && String(trailer) === String(file) && (
          <Tag color="success">{t('imports.matches')}</Tag>
        )}
      </Flex>
    );
  return (
    <Panel title={t('imports.reconciliation')}>
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('imports.records')}>
          {side(control.records, control.trailerRecords)}
        </Descriptions.Item>
        <Descriptions.Item label={t('imports.total')}>
          {side(control.total, control.trailerTotal)}
        </Descriptions.Item>
      </Descriptions>
    </Panel>
  );
}
