import {
  marketingAlertDefaults,
  pageSizeChoices,
  type UserConfiguration,
  type UserConfigurationInput,
  userConfigurationFields,
  userConfigurationResource,
  userTypes,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { fixedChoices, messagesUnder, resourceUi } from '../../../components/resource.ts';

export const p = 'configuration.userConfigurations';
const typeChoices = fixedChoices(userTypes, `${p}.types`);

function Text({ k }: { k: string }) {
  const { t } = useTranslation();
  return <>{t(k)}</>;
}
const orDefault = (v: number | null, unit: string) =>
  v === null ? <Text k={`${p}.policyDefault`} /> : `${v} ${unit}`;

/** UserConfigurations: one row of settings per user type (routes and permissions: the contracts descriptor). */
export const userConfigurationUi = resourceUi<UserConfiguration, UserConfigurationInput>(
  userConfigurationResource,
  {
    schema: userConfigurationFields,
    fields: [
      { name: 'userType', label: `${p}.fields.userType`, input: 'select', options: typeChoices },
      {
        name: 'defaultLanguage',
        label: `${p}.fields.defaultLanguage`,
        input: 'select',
        options: fixedChoices(['en', 'ar'], `${p}.languages`),
      },
      { name: 'idleMinutes', label: `${p}.fields.idleMinutes`, input: 'number', dependencies: ['userType'] },
      {
        name: 'sessionHours',
        label: `${p}.fields.sessionHours`,
        input: 'number',
        dependencies: ['userType'],
      },
      {
        name: 'pageSize',
        label: `${p}.fields.pageSize`,
        input: 'select',
        options: pageSizeChoices.map((n) => ({ value: n, label: String(n) })),
        placeholder: `${p}.appDefault`,
        dependencies: ['userType'],
      },
      {
        name: 'marketingAlerts',
        label: `${p}.fields.marketingAlerts`,
        input: 'select',
        options: fixedChoices(marketingAlertDefaults, `${p}.marketingAlerts`),
        placeholder: `${p}.marketingAlerts.SUBSCRIBED`,
        dependencies: ['userType'],
      },
    ],
    columns: [
      {
        key: 'userType',
        label: `${p}.fields.userType`,
        render: (r) => <Text k={`${p}.types.${r.userType}`} />,
      },
      {
        key: 'defaultLanguage',
        label: `${p}.fields.defaultLanguage`,
        render: (r) => <Text k={`${p}.languages.${r.defaultLanguage}`} />,
      },
      {
        key: 'idleMinutes',
        label: `${p}.fields.idleMinutes`,
        render: (r) => orDefault(r.idleMinutes, 'min'),
      },
      {
        key: 'sessionHours',
        label: `${p}.fields.sessionHours`,
        render: (r) => orDefault(r.sessionHours, 'h'),
      },
      {
        key: 'pageSize',
        label: `${p}.fields.pageSize`,
        render: (r) => r.pageSize ?? <Text k={`${p}.appDefault`} />,
      },
      {
        key: 'marketingAlerts',
        label: `${p}.fields.marketingAlerts`,
        render: (r) =>
          r.userType === 'CUSTOMER' ? (
            <Text k={`${p}.marketingAlerts.${r.marketingAlerts ?? 'SUBSCRIBED'}`} />
          ) : (
            '—'
          ),
      },
    ],
    filters: [{ name: 'userType', label: `${p}.fields.userType`, options: typeChoices }],
    messages: messagesUnder(p),
  },
);
