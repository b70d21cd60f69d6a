import type { EligibilityCriterion, EligibilityCriterionInput } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, Spin } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { ApprovalNotice } from '../../../components/ApprovalNotice.tsx';
import { firstFormError } from '../../../components/formErrors.ts';
import { Input } from '../../../components/Input.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Select } from '../../../components/Select.tsx';
import { useResourceActions } from '../../../components/useResourceActions.ts';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.ts';
import { isRequired, messageText, zodRules } from '../../../components/zodRules.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useToast } from '../../../state/useToast.ts';
import {
  fieldChoices,
  isNumericField,
  operatorsFor,
  p,
  eligibilityCriterionUi as resource,
  scopeChoices,
  valueChoices,
} from './eligibility.resource.tsx';

type Values = Partial<EligibilityCriterionInput>;
const names = ['nameEn', 'nameAr', 'scope', 'field', 'operator', 'value', 'status', 'priority'] as const;
const same = (a: Values, b: Values) =>
  names.every((n) => JSON.stringify(a[n] ?? null) === JSON.stringify(b[n] ?? null));

/**
 * The criterion form: field, then the operators and the kind of value that suit it — a number for
 * days since joining, age and KYC level; a list of codes for the others (chosen from the customer
 * record's values, typed for nationality). Validation is the shared schema's.
 */
function CriterionForm({ initial }: { initial?: EligibilityCriterion }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const actions = useResourceActions(resource);
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => zodRules(resource.schema, t), [t]);
  const field = Form.useWatch('field', form);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const start: Values = initial ?? { status: 'ACTIVE', priority: 100 };
  const choice = field ? valueChoices[field] : undefined;
  const label = (key: string) => t(`${p}.fields.${key}`);
  const item = (name: (typeof names)[number]) => ({
    name,
    label: label(name === 'nameEn' ? 'nameEn' : name === 'nameAr' ? 'nameAr' : name),
    rules: rules(name),
    required: isRequired(resource.schema, name),
  });

  const finish = async (values: Values) => {
    const parsed = resource.schema.safeParse(values);
    if (!parsed.success) return;
    if (initial && same(parsed.data, start)) {
      toast.info(t('msg.noChangesDetected'));
      return;
    }
    const outcome = initial
      ? await actions.update(initial.id, parsed.data)
      : await actions.create(parsed.data);
    if (outcome.ok) {
      dirty.current = false;
      navigate(resource.paths.list);
      return;
    }
    form.setFields(
      outcome.fieldErrors
        .filter((e) => (names as readonly string[]).includes(e.path.split('.')[0] ?? ''))
        .map((e) => ({
          name: e.path.split('.')[0] as (typeof names)[number],
          errors: [messageText(t, e.message)],
        })),
    );
  };

  return (
    <Panel>
      <ApprovalNotice serviceId={initial ? resource.permissions.update : resource.permissions.create} />
      <Form<Values>
        form={form}
        name={resource.key}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={start}
        onValuesChange={(changed, all) => {
          // Another field: the operator and value of the old one no longer apply.
          if ('field' in changed) form.setFieldsValue({ operator: undefined, value: undefined });
          dirty.current = !same(all, start);
        }}
        onFinish={finish}
        onFinishFailed={({ errorFields }) => {
          const first = firstFormError(errorFields);
          if (first) toast.error(first);
        }}
      >
        <Form.Item {...item('nameEn')}>
          <Input />
        </Form.Item>
        <Form.Item {...item('nameAr')}>
          <Input dir="rtl" />
        </Form.Item>
        <Form.Item {...item('scope')}>
          <Select options={scopeChoices.map((c) => ({ value: c.value, label: t(c.label) }))} />
        </Form.Item>
        <Form.Item {...item('field')}>
          <Select options={fieldChoices.map((c) => ({ value: c.value, label: t(c.label) }))} />
        </Form.Item>
        <Form.Item {...item('operator')} dependencies={['field']}>
          <Select
            disabled={!field}
            options={operatorsFor(field).map((o) => ({ value: o, label: t(`${p}.operators.${o}`) }))}
          />
        </Form.Item>
        <Form.Item
          {...item('value')}
          dependencies={['field', 'operator']}
          extra={t(
            `${p}.valueHelp.${isNumericField(field) ? 'number' : field === 'nationality' ? 'nationality' : 'list'}`,
          )}
        >
          {isNumericField(field) ? (
            <InputNumber style={{ width: '100%' }} min={0} disabled={!field} />
          ) : (
            <Select
              mode={choice ? 'multiple' : 'tags'}
              disabled={!field}
              tokenSeparators={[',', ' ']}
              options={choice?.values.map((v) => ({ value: v, label: t(`${choice.prefix}.${v}`) }))}
            />
          )}
        </Form.Item>
        <Form.Item {...item('priority')} extra={t(`${p}.priorityHelp`)}>
          <InputNumber style={{ width: '100%' }} min={0} />
        </Form.Item>
        <Form.Item {...item('status')}>
          <Select
            options={['ACTIVE', 'DISABLED'].map((s) => ({ value: s, label: t(`common.status.${s}`) }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(resource.paths.list)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </Panel>
  );
}

export function CriterionCreatePage() {
  return <CriterionForm />;
}

export function CriterionEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const record = useQuery({
    queryKey: [resource.key, 'detail', id],
    queryFn: ({ signal }) => resource.api.get(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (record.isError || !(Number.isInteger(id) && id > 0))
    return <Alert type="error" showIcon title={t(resource.messages.fetchFailed)} />;
  if (!record.data) return <Spin description={t(resource.messages.loading)} />;
  return <CriterionForm key={record.data.updatedAt} initial={record.data} />;
}
