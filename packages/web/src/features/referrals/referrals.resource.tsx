import {
  type Referral,
  type ReferralProgramme,
  type ReferralProgrammeInput,
  referralProgrammeFields,
  referralProgrammeResource,
  referralQualifyings,
  referralResource,
  referralStatuses,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { Day, formatPoints, Ltr } from '../../components/format.tsx';
import { LocalText } from '../../components/localized.tsx';
import {
  fixedChoices,
  messagesUnder,
  resourceUi,
  screenLink,
  screenPaths,
} from '../../components/resource.ts';
import { Tag } from '../../components/Tag.tsx';
import { referralStatusColor } from './status.ts';

/** A translated text inside a table cell (column renderers are plain functions, not components). */
function Translated({ k, values }: { k: string; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  return t(k, values);
}

/** Referral programmes (issue 53): the list and the create and edit forms, from the descriptor. */
export const referralProgrammeUi = resourceUi<ReferralProgramme, ReferralProgrammeInput>(
  referralProgrammeResource,
  {
    schema: referralProgrammeFields as never,
    fields: [
      { name: 'nameEn', label: 'referrals.fields.nameEn', input: 'text' },
      { name: 'nameAr', label: 'referrals.fields.nameAr', input: 'text' },
      { name: 'referrerPoints', label: 'referrals.fields.referrerPoints', input: 'number' },
      { name: 'referredPoints', label: 'referrals.fields.referredPoints', input: 'number' },
      {
        name: 'qualifying',
        label: 'referrals.fields.qualifying',
        input: 'select',
        options: fixedChoices(referralQualifyings, 'referrals.qualifyings'),
      },
      { name: 'transactionCount', label: 'referrals.fields.transactionCount', input: 'number' },
      { name: 'withinDays', label: 'referrals.fields.withinDays', input: 'number' },
      { name: 'monthlyLimit', label: 'referrals.fields.monthlyLimit', input: 'number' },
      { name: 'startsOn', label: 'referrals.fields.startsOn', input: 'date' },
      { name: 'endsOn', label: 'referrals.fields.endsOn', input: 'date', dependencies: ['startsOn'] },
    ],
    columns: [
      {
        key: 'nameEn',
        label: 'referrals.fields.name',
        render: (p) => <LocalText en={p.nameEn} ar={p.nameAr} />,
      },
      {
        key: 'qualifying',
        label: 'referrals.fields.qualifying',
        render: (p) =>
          p.qualifying === 'FIRST_EARNING' ? (
            <Translated k="referrals.qualifyings.FIRST_EARNING" />
          ) : (
            <Translated k="referrals.nInDays" values={{ n: p.transactionCount, days: p.withinDays }} />
          ),
      },
      {
        key: 'referrerPoints',
        label: 'referrals.fields.rewards',
        render: (p) => (
          <Ltr>
            {formatPoints(p.referrerPoints)} + {formatPoints(p.referredPoints)}
          </Ltr>
        ),
      },
      {
        key: 'monthlyLimit',
        label: 'referrals.fields.monthlyLimit',
        render: (p) => formatPoints(p.monthlyLimit),
      },
      { key: 'startsOn', label: 'referrals.fields.startsOn', render: (p) => <Day iso={p.startsOn} /> },
      { key: 'endsOn', label: 'referrals.fields.endsOn', render: (p) => <Day iso={p.endsOn} /> },
      { key: 'referrals', label: 'referrals.fields.referrals', render: (p) => formatPoints(p.referrals) },
    ],
    filters: [],
    messages: messagesUnder('referrals.programmes'),
  },
);

/** The referrals with their status (read only: the engine moves them). */
export const referralUi = resourceUi<Referral, object>(referralResource, {
  schema: referralProgrammeFields as never,
  fields: [],
  paths: screenPaths(referralResource, { edit: () => screenLink(referralResource, 'list') }),
  columns: [
    { key: 'createdAt', label: 'referrals.fields.createdAt', render: (r) => <Day iso={r.createdAt} /> },
    {
      key: 'programmeNameEn',
      label: 'referrals.fields.programme',
      render: (r) => (r.programmeNameEn ? <LocalText en={r.programmeNameEn} ar={r.programmeNameAr} /> : '—'),
    },
    {
      key: 'referrerNumber',
      label: 'referrals.fields.referrer',
      render: (r) => <Ltr>{r.referrerNumber}</Ltr>,
    },
    {
      key: 'referredNumber',
      label: 'referrals.fields.referred',
      render: (r) => <Ltr>{r.referredNumber}</Ltr>,
    },
    {
      key: 'status',
      label: 'referrals.fields.status',
      render: (r) => (
        <div data-testid="referral-status" style={{ maxWidth: '16rem' }}>
          <Tag color={referralStatusColor[r.status]}>
            <Translated k={`referrals.statuses.${r.status}`} />
          </Tag>
          {r.reason && (
            <div>
              <Translated k={`referrals.reasons.${r.reason}`} />
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'transactions',
      label: 'referrals.fields.transactions',
      render: (r) => formatPoints(r.transactions),
    },
    {
      key: 'referrerPoints',
      label: 'referrals.fields.paid',
      render: (r) => (
        <Ltr>
          {formatPoints(r.referrerPoints + r.referredPoints)}
          {r.clawedBackPoints ? ` − ${formatPoints(r.clawedBackPoints)}` : ''}
        </Ltr>
      ),
    },
  ],
  filters: [
    {
      name: 'status',
      label: 'referrals.fields.status',
      options: fixedChoices(referralStatuses, 'referrals.statuses'),
    },
  ],
  messages: messagesUnder('referrals.list'),
});
