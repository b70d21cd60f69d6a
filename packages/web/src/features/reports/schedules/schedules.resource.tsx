import {
  exportFormats,
  type ReportRecipient,
  type ReportSchedule,
  type ReportScheduleInput,
  reportNames,
  reportScheduleFields,
  reportScheduleFrequencies,
  reportScheduleResource,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../../api/typed.ts';
import { Ltr } from '../../../components/format.tsx';
import { LocalText } from '../../../components/localized.tsx';
import { fixedChoices, type RemoteChoices, resourceUi } from '../../../components/resource.ts';
import { Tag } from '../../../components/Tag.tsx';

/** A recipient as a choice: the name in each language, with the address. */
const recipientChoice = (r: ReportRecipient) => ({
  value: r.id,
  label: `${r.fullName} <${r.email}>`,
  ...(r.fullNameAr ? { labelAr: `${r.fullNameAr} <${r.email}>` } : {}),
});

/** Staff who may receive a report (with an e-mail address and report.read), searched by name. */
const recipientChoices: RemoteChoices = {
  key: 'report-recipients',
  search: async (q, signal) => {
    const all: ReportRecipient[] = await apiGet('/api/admin/report-schedules/recipients', { signal });
    const needle = q?.trim().toLowerCase();
    return all
      .filter(
        (r) =>
          !needle || `${r.fullName} ${r.fullNameAr} ${r.username} ${r.email}`.toLowerCase().includes(needle),
      )
      .map(recipientChoice);
  },
  byId: async (value, signal) => {
    const all: ReportRecipient[] = await apiGet('/api/admin/report-schedules/recipients', { signal });
    const r = all.find((x) => x.id === Number(value));
    return r ? recipientChoice(r) : { value, label: `#${value}` };
  },
};

/** Scheduled reports (`MainReports/Schedules`): a report e-mailed each day, week or month. */
export const reportScheduleUi = resourceUi<ReportSchedule, ReportScheduleInput>(reportScheduleResource, {
  schema: reportScheduleFields,
  fields: [
    { name: 'title', label: 'reports.schedules.title', input: 'text' },
    {
      name: 'report',
      label: 'reports.schedules.report',
      input: 'select',
      options: fixedChoices(reportNames, 'reports.names'),
    },
    {
      name: 'frequency',
      label: 'reports.schedules.frequency',
      input: 'select',
      options: fixedChoices(reportScheduleFrequencies, 'reports.schedules.frequencies'),
    },
    {
      name: 'format',
      label: 'reports.schedules.format',
      input: 'select',
      options: fixedChoices(exportFormats, 'reports.schedules.formats'),
    },
    {
      name: 'recipientIds',
      label: 'reports.schedules.recipients',
      input: 'select',
      multiple: true,
      options: recipientChoices,
    },
    // Off: nothing is sent until it is on again (its next run is then set afresh).
    { name: 'active', label: 'reports.schedules.active', input: 'switch' },
  ],
  columns: [
    { key: 'title', label: 'reports.schedules.title' },
    { key: 'report', label: 'reports.schedules.report', render: (s) => <ReportName name={s.report} /> },
    {
      key: 'frequency',
      label: 'reports.schedules.frequency',
      render: (s) => <FixedLabel k={`reports.schedules.frequencies.${s.frequency}`} />,
    },
    { key: 'format', label: 'reports.schedules.format', render: (s) => s.format.toUpperCase() },
    {
      key: 'recipients',
      label: 'reports.schedules.recipients',
      render: (s) =>
        s.recipients.map((r) => (
          <Tag key={r.id}>
            <LocalText en={r.fullName} ar={r.fullNameAr} />
          </Tag>
        )),
    },
    {
      key: 'nextRunAt',
      label: 'reports.schedules.nextRunAt',
      render: (s) => (s.active ? <When at={s.nextRunAt} /> : <FixedLabel k="reports.schedules.paused" />),
    },
    {
      key: 'lastPeriod',
      label: 'reports.schedules.lastPeriod',
      render: (s) => (s.lastPeriod ? <Ltr>{s.lastPeriod.replace('..', ' → ')}</Ltr> : '—'),
    },
  ],
  filters: [
    {
      name: 'report',
      label: 'reports.schedules.report',
      options: fixedChoices(reportNames, 'reports.names'),
    },
    {
      name: 'frequency',
      label: 'reports.schedules.frequency',
      options: fixedChoices(reportScheduleFrequencies, 'reports.schedules.frequencies'),
    },
  ],
  messages: {
    created: 'reports.schedules.created',
    updated: 'reports.schedules.updated',
    createFailed: 'reports.schedules.createFailed',
    updateFailed: 'reports.schedules.updateFailed',
    fetchFailed: 'reports.schedules.fetchFailed',
    deleteFailed: 'reports.schedules.deleteFailed',
    deleteConfirm: 'reports.schedules.deleteConfirm',
    loading: 'reports.schedules.loading',
    search: 'reports.schedules.search',
  },
});

function ReportName({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t(`reports.names.${name}`)}</>;
}
function FixedLabel({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}
/** A moment in UTC, as the schedule's periods are. */
function When({ at }: { at: string }) {
  return <Ltr>{`${at.slice(0, 16).replace('T', ' ')} UTC`}</Ltr>;
}
