import {
  type PasswordSetting,
  type PasswordSettingInput,
  type PasswordSettingMode,
  passwordSettingFields,
  passwordSettingResource,
} from '@loyalty/contracts';
import { z } from 'zod';
import { type FieldDef, resourceUi } from '../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../components/StatusTag.tsx';
import { i18n } from '../../i18n/index.ts';
import { modeChoices, userTypeChoices } from './choices.ts';

const common: FieldDef<PasswordSettingInput>[] = [
  {
    name: 'userType',
    label: 'security.passwordSettings.fields.userType',
    input: 'select',
    options: userTypeChoices,
  },
];
const byMode: Record<PasswordSettingMode, FieldDef<PasswordSettingInput>[]> = {
  LOCK: [
    { name: 'maxFailures', label: 'security.passwordSettings.fields.maxFailures', input: 'number' },
    { name: 'lockMinutes', label: 'security.passwordSettings.fields.lockMinutes', input: 'number' },
  ],
  EXPIRY: [
    { name: 'expiryDays', label: 'security.passwordSettings.fields.expiryDays', input: 'number' },
    {
      name: 'warnDays',
      label: 'security.passwordSettings.fields.warnDays',
      input: 'number',
      dependencies: ['expiryDays'],
    },
  ],
};
const status: FieldDef<PasswordSettingInput> = {
  name: 'status',
  label: 'security.passwordSettings.fields.status',
  input: 'select',
  options: activeStatusChoices,
};

/** What a setting says, in a sentence: "Lock after 5 failures for 30 minutes". */
const ruleOf = (s: PasswordSetting) =>
  s.mode === 'LOCK'
    ? i18n.t(
        s.lockMinutes ? 'security.passwordSettings.lockRule' : 'security.passwordSettings.lockForeverRule',
        {
          failures: s.maxFailures,
          minutes: s.lockMinutes,
        },
      )
    : i18n.t('security.passwordSettings.expiryRule', { days: s.expiryDays, warn: s.warnDays });

const base = resourceUi<PasswordSetting, PasswordSettingInput>(passwordSettingResource, {
  schema: passwordSettingFields,
  fields: [],
  columns: [
    {
      key: 'userType',
      label: 'security.passwordSettings.fields.userType',
      render: (s) => i18n.t(`security.userType.${s.userType}`),
    },
    {
      key: 'mode',
      label: 'security.passwordSettings.fields.mode',
      render: (s) => i18n.t(`security.mode.${s.mode}`),
    },
    { key: 'maxFailures', label: 'security.passwordSettings.fields.rule', render: ruleOf },
    {
      key: 'status',
      label: 'security.passwordSettings.fields.status',
      render: (s) => <StatusTag status={s.status} />,
    },
  ],
  filters: [
    { name: 'userType', label: 'security.passwordSettings.fields.userType', options: userTypeChoices },
    { name: 'mode', label: 'security.passwordSettings.fields.mode', options: modeChoices },
  ],
  messages: {
    created: 'security.passwordSettings.created',
    updated: 'security.passwordSettings.updated',
    createFailed: 'security.passwordSettings.createFailed',
    updateFailed: 'security.passwordSettings.updateFailed',
    fetchFailed: 'security.passwordSettings.fetchFailed',
    deleteFailed: 'security.passwordSettings.deleteFailed',
    deleteConfirm: 'security.passwordSettings.deleteConfirm',
    loading: 'security.passwordSettings.loading',
    search: 'security.passwordSettings.search',
  },
});

/**
 * "Add is one screen in two modes": the same resource with the mode fixed (added to the values
 * before validation) and only that mode's fields.
 */
export const passwordSettingsIn = (mode: PasswordSettingMode) =>
  resourceUi<PasswordSetting, PasswordSettingInput>(passwordSettingResource, {
    ...base,
    schema: z.preprocess(
      (v) => ({ ...(v as object), mode }),
      passwordSettingFields,
    ) as unknown as z.ZodType<PasswordSettingInput>,
    fields: [...common, ...byMode[mode], status],
  });

export const passwordSettingUi = base;
export const passwordSettingLockUi = passwordSettingsIn('LOCK');
export const passwordSettingExpiryUi = passwordSettingsIn('EXPIRY');
