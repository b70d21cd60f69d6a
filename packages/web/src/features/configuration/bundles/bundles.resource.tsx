import {
  type ConfigBundle,
  type ConfigBundleInput,
  configBundleFields,
  configBundleResource,
  configBundleUpdateInput,
  localNameEnAr,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { fixedChoices, messagesUnder, resourceUi, screenLink } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useLang } from '../../../i18n/lang.ts';

export const p = 'configuration.bundles';

/** A bundle's name or description in the screen's language. */
export const inLang = localNameEnAr;

function Name({ row }: { row: ConfigBundle }) {
  const { lang } = useLang();
  const { t } = useTranslation();
  return (
    <>
      {inLang(row, lang)} {row.system && <Tag color="blue">{t(`${p}.system`)}</Tag>}
    </>
  );
}

function Description({ row }: { row: ConfigBundle }) {
  const { lang } = useLang();
  return <>{(lang === 'ar' ? row.descriptionAr : row.descriptionEn) || '—'}</>;
}

const fields = [
  { name: 'nameEn', label: `${p}.fields.nameEn`, input: 'text' },
  { name: 'nameAr', label: `${p}.fields.nameAr`, input: 'text' },
  { name: 'descriptionEn', label: `${p}.fields.descriptionEn`, input: 'textarea' },
  { name: 'descriptionAr', label: `${p}.fields.descriptionAr`, input: 'textarea' },
  { name: 'status', label: `${p}.fields.status`, input: 'select', options: activeStatusChoices },
] as const;

/** SystemConfigurations: the bundles' list and forms (routes and permissions: the contracts descriptor). */
export const configBundleUi = resourceUi<ConfigBundle, ConfigBundleInput>(configBundleResource, {
  schema: configBundleFields,
  fields: [{ name: 'code', label: `${p}.fields.code`, input: 'text' }, ...fields],
  columns: [
    { key: 'nameEn', label: `${p}.fields.name`, render: (row) => <Name row={row} /> },
    { key: 'code', label: `${p}.fields.code` },
    { key: 'descriptionEn', label: `${p}.fields.description`, render: (row) => <Description row={row} /> },
    { key: 'itemCount', label: `${p}.fields.itemCount` },
    { key: 'status', label: `${p}.fields.status`, render: (row) => <StatusTag status={row.status} /> },
  ],
  filters: [
    { name: 'status', label: `${p}.fields.status`, options: activeStatusChoices },
    { name: 'system', label: `${p}.fields.kind`, options: fixedChoices(['true', 'false'], `${p}.kinds`) },
  ],
  rowLink: (row) => screenLink(configBundleResource, 'view', row.id),
  messages: messagesUnder(p),
});

/** The edit form: the code is fixed once created. */
export const configBundleEditUi = resourceUi<ConfigBundle, ConfigBundleInput>(configBundleResource, {
  ...configBundleUi,
  schema: configBundleUpdateInput.omit({ id: true }) as never,
  fields: [...fields],
});
