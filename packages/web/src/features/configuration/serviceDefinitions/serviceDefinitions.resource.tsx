import {
  channels,
  type ServiceDefinition,
  type ServiceDefinitionInput,
  serviceCodes,
  serviceDefinitionFields,
  serviceDefinitionResource,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { formatPoints } from '../../../components/format.tsx';
import {
  fixedChoices,
  messagesUnder,
  resourceUi,
  screenLink,
  screenPaths,
} from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useLang } from '../../../i18n/lang.ts';

const p = 'configuration.serviceDefinitions';
export const serviceChoices = fixedChoices(serviceCodes, `${p}.services`);
export const channelChoices = fixedChoices(channels, 'channels');

function Name({ row }: { row: ServiceDefinition }) {
  const { lang } = useLang();
  return <>{lang === 'ar' ? row.nameAr : row.nameEn}</>;
}

function Channels({ row }: { row: ServiceDefinition }) {
  const { t } = useTranslation();
  if (row.channels.length === 0) return <Tag color="red">{t(`${p}.noChannel`)}</Tag>;
  return (
    <>
      {row.channels.map((c) => (
        <Tag key={c}>{t(`channels.${c}`)}</Tag>
      ))}
    </>
  );
}

function Limits({ row }: { row: ServiceDefinition }) {
  const { t } = useTranslation();
  const parts = [
    row.dailyCountLimit !== null && t(`${p}.countPerDay`, { count: row.dailyCountLimit }),
    row.dailyPointsLimit !== null && t(`${p}.pointsPerDay`, { points: formatPoints(row.dailyPointsLimit) }),
  ].filter(Boolean);
  return <>{parts.length ? parts.join(' · ') : t(`${p}.noLimit`)}</>;
}

function Service({ row }: { row: ServiceDefinition }) {
  const { t } = useTranslation();
  return <>{t(`${p}.services.${row.service}`)}</>;
}

/**
 * ServiceDefinitionConfigurations: which channels may use each customer-facing service of the
 * integration API, and its limits per customer per day. The spec has no edit screen: the create
 * screen edits with `?id=`.
 */
export const serviceDefinitionUi = resourceUi<ServiceDefinition, ServiceDefinitionInput>(
  serviceDefinitionResource,
  {
    schema: serviceDefinitionFields,
    fields: [
      { name: 'service', label: `${p}.fields.service`, input: 'select', options: serviceChoices },
      { name: 'nameEn', label: `${p}.fields.nameEn`, input: 'text' },
      { name: 'nameAr', label: `${p}.fields.nameAr`, input: 'text' },
      { name: 'description', label: `${p}.fields.description`, input: 'textarea' },
      { name: 'descriptionAr', label: 'common.descriptionAr', input: 'textarea' },
      {
        name: 'channels',
        label: `${p}.fields.channels`,
        input: 'select',
        multiple: true,
        options: channelChoices,
      },
      {
        name: 'dailyCountLimit',
        label: `${p}.fields.dailyCountLimit`,
        input: 'number',
        dependencies: ['service'],
      },
      {
        name: 'dailyPointsLimit',
        label: `${p}.fields.dailyPointsLimit`,
        input: 'number',
        dependencies: ['service'],
      },
      { name: 'status', label: `${p}.fields.status`, input: 'select', options: activeStatusChoices },
    ],
    columns: [
      { key: 'service', label: `${p}.fields.service`, render: (row) => <Service row={row} /> },
      { key: 'nameEn', label: `${p}.fields.name`, render: (row) => <Name row={row} /> },
      { key: 'channels', label: `${p}.fields.channels`, render: (row) => <Channels row={row} /> },
      { key: 'dailyCountLimit', label: `${p}.fields.limits`, render: (row) => <Limits row={row} /> },
      { key: 'status', label: `${p}.fields.status`, render: (row) => <StatusTag status={row.status} /> },
    ],
    filters: [{ name: 'status', label: `${p}.fields.status`, options: activeStatusChoices }],
    paths: screenPaths(serviceDefinitionResource, {
      edit: (id) => `${screenLink(serviceDefinitionResource, 'create')}?id=${id}`,
    }),
    messages: messagesUnder(p),
  },
);
