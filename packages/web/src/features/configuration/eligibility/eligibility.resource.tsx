import {
  type CriterionField,
  criterionFields,
  customerProducts,
  customerResidencies,
  customerSegments,
  customerStatuses,
  type EligibilityCriterion,
  type EligibilityCriterionInput,
  eligibilityCriterionFields,
  eligibilityCriterionResource,
  eligibilityScopes,
  listOperators,
  numericCriterionFields,
  numericOperators,
} from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { fixedChoices, messagesUnder, resourceUi } from '../../../components/resource.ts';
import { activeStatusChoices, StatusTag } from '../../../components/StatusTag.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { useLang } from '../../../i18n/lang.ts';

export const p = 'configuration.eligibility';
export const scopeChoices = fixedChoices(eligibilityScopes, `${p}.scopes`);
export const fieldChoices = fixedChoices(criterionFields, `${p}.fields`);
export const isNumericField = (f: string | undefined) =>
  (numericCriterionFields as readonly string[]).includes(f ?? '');
export const operatorsFor = (f: string | undefined): readonly string[] =>
  f === undefined ? [] : isNumericField(f) ? numericOperators : listOperators;

/** The values a list field may name, with their labels; nationality is free (ISO country codes). */
export const valueChoices: Partial<Record<CriterionField, { values: readonly string[]; prefix: string }>> = {
  segment: { values: customerSegments, prefix: `${p}.values.segment` },
  status: { values: customerStatuses, prefix: `${p}.values.status` },
  residency: { values: customerResidencies, prefix: `${p}.values.residency` },
  product: { values: customerProducts, prefix: `${p}.values.product` },
};

/** "Age ≥ 18", "Nationality in SA, AE": a criterion as one line, in the screen's language. */
export function CriterionRule({ row }: { row: Pick<EligibilityCriterion, 'field' | 'operator' | 'value'> }) {
  const { t } = useTranslation();
  const choice = valueChoices[row.field];
  return (
    <>
      {t(`${p}.fields.${row.field}`)} {t(`${p}.operators.${row.operator}`)}{' '}
      {typeof row.value === 'number'
        ? row.value
        : row.value.map((v) => <Tag key={v}>{choice ? t(`${choice.prefix}.${v}`) : v}</Tag>)}
    </>
  );
}

function Name({ row }: { row: EligibilityCriterion }) {
  const { lang } = useLang();
  return <>{lang === 'ar' ? row.nameAr : row.nameEn}</>;
}

/** BusinessConfigurations/EligibilityCriteria: the list's columns; the form is CriterionForm. */
export const eligibilityCriterionUi = resourceUi<EligibilityCriterion, EligibilityCriterionInput>(
  eligibilityCriterionResource,
  {
    schema: eligibilityCriterionFields,
    fields: [],
    columns: [
      { key: 'priority', label: `${p}.fields.priority` },
      { key: 'nameEn', label: `${p}.fields.name`, render: (row) => <Name row={row} /> },
      {
        key: 'scope',
        label: `${p}.fields.scope`,
        render: (row) => <Tag>{<ScopeText scope={row.scope} />}</Tag>,
      },
      { key: 'field', label: `${p}.fields.rule`, render: (row) => <CriterionRule row={row} /> },
      { key: 'status', label: `${p}.fields.status`, render: (row) => <StatusTag status={row.status} /> },
    ],
    filters: [
      { name: 'scope', label: `${p}.fields.scope`, options: scopeChoices },
      { name: 'status', label: `${p}.fields.status`, options: activeStatusChoices },
    ],
    messages: messagesUnder(p),
  },
);

function ScopeText({ scope }: { scope: string }) {
  const { t } = useTranslation();
  return <>{t(`${p}.scopes.${scope}`)}</>;
}
