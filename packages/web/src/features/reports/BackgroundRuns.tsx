import { DownloadOutlined, FieldTimeOutlined } from '@ant-design/icons';
import type { ExportFormat, ReportName, ReportRun } from '@loyalty/contracts';
import { reportRunCommands } from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import type { DayRange } from '../../components/DayRangePicker.tsx';
import { ExportMenu } from '../../components/ExportButton.tsx';
import { Ltr } from '../../components/format.tsx';
import { LineList } from '../../components/LineList.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Progress } from '../../components/Progress.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useCan } from '../../state/me.ts';
import { useAppSelector } from '../../state/store.ts';
import { useToast } from '../../state/useToast.ts';
import { reportsApi } from './api.ts';

const RUNS_KEY = ['reports', 'runs'];
const working = (r: ReportRun) => r.status === 'QUEUED' || r.status === 'RUNNING';

/** "Run in the background" (CSV / Excel) for a report and a period: the file is prepared by a job. */
export function RunInBackground({
  name,
  range,
  primary,
}: {
  name: ReportName;
  range: DayRange;
  primary?: boolean;
}) {
  const { t } = useTranslation();
  const can = useCan();
  const toast = useToast();
  const client = useQueryClient();
  const start = useMutation({
    mutationFn: (format: ExportFormat) => reportsApi.startRun({ report: name, ...range, format }),
    onSuccess: (res) => {
      if (res.kind === 'pending') toast.info(t('reports.runs.pending'));
      void client.invalidateQueries({ queryKey: RUNS_KEY });
    },
    onError: (e) =>
      toast.error(t('reports.runs.startFailed'), e instanceof ApiError ? t(`error.${e.code}`) : undefined),
  });
  if (!can(reportRunCommands.start.name)) return null;
  return (
    <ExportMenu
      label={t('reports.runs.start')}
      icon={<FieldTimeOutlined />}
      primary={primary}
      busy={start.isPending}
      testId="report-run"
      items={[
        { key: 'csv' as const, label: t('common.exportCsv') },
        { key: 'xlsx' as const, label: t('common.exportXlsx') },
      ]}
      onPick={(format) => start.mutate(format)}
    />
  );
}

/**
 * My background runs: a progress bar while a job works (polled every second), then the file to
 * download. Shown when there is at least one.
 */
export function BackgroundRuns() {
  const { t } = useTranslation();
  const toast = useToast();
  const token = useAppSelector((s) => s.auth.token);
  const runs = useQuery({
    queryKey: RUNS_KEY,
    queryFn: ({ signal }) => reportsApi.runs(signal),
    refetchInterval: (q) => (q.state.data?.some(working) ? 1000 : false),
  });
  const items = runs.data?.slice(0, 5) ?? [];
  if (!items.length) return null;
  const download = async (run: ReportRun) => {
    try {
      await downloadFile(
        reportsApi.runFile(run.id),
        {},
        token,
        run.fileName ?? `report.${run.format}`,
        run.format,
      );
    } catch (e) {
      toast.error(t('common.exportFailed'), e instanceof ApiError ? t(`error.${e.code}`) : undefined);
    }
  };
  return (
    <Panel size="small" title={t('reports.runs.title')} data-testid="report-runs">
      {/* antd's List brought its Pagination, and with it antd's Select (issue 24). */}
      <LineList
        items={items}
        render={(run) => (
          <Flex align="center" gap={12} data-testid={`report-run-${run.id}`}>
            <Flex vertical style={{ flex: 1, minWidth: 0 }} gap={2}>
              <Typography.Text strong>
                {t(`reports.names.${run.report}`)} · <Ltr>{`${run.from} → ${run.to}`}</Ltr>
              </Typography.Text>
              <Progress
                percent={run.progress}
                size="small"
                status={run.status === 'FAILED' ? 'exception' : run.status === 'DONE' ? 'success' : 'active'}
                aria-label={t(`reports.runs.statuses.${run.status}`)}
              />
              <Typography.Text type="secondary" data-testid={`report-run-status-${run.id}`}>
                {t(`reports.runs.statuses.${run.status}`)}
                {run.status === 'DONE' && run.rows !== null
                  ? ` · ${t('reports.runs.rows', { count: run.rows })}`
                  : ''}
              </Typography.Text>
            </Flex>
            {run.status === 'DONE' && (
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => void download(run)}
                data-testid={`report-run-file-${run.id}`}
              >
                {run.format === 'csv' ? 'CSV' : 'Excel'}
              </Button>
            )}
          </Flex>
        )}
      />
    </Panel>
  );
}
