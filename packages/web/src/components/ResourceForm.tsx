import { Button, Flex, Form } from 'antd';
import { Fragment, type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLangNavigate } from '../i18n/lang.ts';
import { useToast } from '../state/useToast.ts';
import { ApprovalNotice } from './ApprovalNotice.tsx';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { firstFormError } from './formErrors.ts';
import { Input } from './Input.tsx';
import { InputNumber } from './InputNumber.tsx';
import { Panel } from './Panel.tsx';
import type { FieldControls, FieldDef, ResourceDefinition } from './resource.ts';
import { Switch } from './Switch.tsx';
import { textDirection } from './textDirection.ts';
import type { SubmitOutcome } from './useResourceActions.ts';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';
import { acceptsNull, fieldDefault, isRequired, messageText, zodRules } from './zodRules.ts';

type Values = Record<string, unknown>;

/** An emptied text input of a field that may be null holds null: the API refuses '' there. */
const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
/** Lists (several choices) compare by their values. */
const comparable = (v: unknown) => (Array.isArray(v) ? JSON.stringify(v) : blankToUndefined(v));

/** Same values for the form's fields? (blank, null and missing count as the same) */
function sameValues(a: Values, b: Values, names: string[]): boolean {
  return names.every((n) => comparable(a[n]) === comparable(b[n]));
}

function inputOf(field: FieldDef<object>, t: (key: string) => string, controls: FieldControls): ReactNode {
  if (field.input === 'number') return <InputNumber style={{ width: '100%' }} />;
  if (field.input === 'textarea') return <Input.TextArea rows={3} dir={textDirection(field.name)} />;
  if (field.input === 'date' || field.input === 'time' || field.input === 'image') {
    const Control = controls[field.input];
    if (!Control) throw new Error(`the page of the ${field.name} field brings no ${field.input} control`);
    return <Control />;
  }
  if (field.input === 'switch') return <Switch />;
  if (field.input === 'select' && field.options) {
    return (
      <ChoiceSelect
        options={field.options}
        mode={field.multiple ? 'multiple' : undefined}
        placeholder={field.placeholder && t(field.placeholder)}
      />
    );
  }
  return <Input dir={textDirection(field.name)} />;
}

export interface ResourceFormProps<T extends { id: number }, I extends object> {
  resource: ResourceDefinition<T, I>;
  /** The record's current values when editing; absent when creating. */
  initialValues?: Partial<I>;
  onSubmit: (values: I) => Promise<SubmitOutcome>;
  saving: boolean;
  /** The date, time and image inputs, when the resource has such fields. */
  controls?: FieldControls;
}

/**
 * The create/edit form of a resource. Fields come from the resource definition, validation from
 * its shared zod schema. Submitting with errors toasts the first message (e.g. 'Please fill all
 * fields.'); an edit that changes nothing toasts 'No changes detected' and sends nothing; leaving
 * with unsaved changes asks first; server field errors land on their fields.
 */
export function ResourceForm<T extends { id: number }, I extends object>({
  resource,
  initialValues,
  onSubmit,
  saving,
  controls = {},
}: ResourceFormProps<T, I>) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => zodRules(resource.schema, t), [resource.schema, t]);
  const names = resource.fields.map((f) => f.name);
  // A switch left out starts at the schema's default (a new record's "on" is the contract's).
  const initial = {
    ...Object.fromEntries(
      resource.fields
        .filter((f) => f.input === 'switch')
        .map((f) => [f.name, fieldDefault(resource.schema, f.name)]),
    ),
    ...initialValues,
  } as Values;
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);

  /** A field's `after` widget sets values: the form changes as if the user had typed them. */
  const setValues = (values: Values) => {
    form.setFieldsValue(values);
    dirty.current = !sameValues(form.getFieldsValue(true), initial, names);
    form.validateFields(Object.keys(values)).catch(() => undefined);
  };

  const finish = async (values: Values) => {
    const parsed = resource.schema.safeParse(values);
    if (!parsed.success) return; // unreachable: the fields' rules are this schema
    const output = parsed.data as Values;
    if (initialValues) {
      const before = resource.schema.safeParse(initialValues);
      if (before.success && sameValues(output, before.data as Values, names)) {
        toast.info(t('msg.noChangesDetected'));
        return;
      }
    }
    const outcome = await onSubmit(parsed.data);
    if (outcome.ok) {
      dirty.current = false;
      navigate(resource.paths.list);
      return;
    }
    form.setFields(
      outcome.fieldErrors
        .filter((e) => names.includes(e.path.split('.')[0] as keyof I & string))
        .map((e) => ({ name: e.path.split('.'), errors: [messageText(t, e.message)] })),
    );
  };

  return (
    <Panel>
      <ApprovalNotice
        serviceId={(initialValues ? resource.permissions.update : resource.permissions.create) ?? ''}
      />
      <Form<Values>
        form={form}
        name={resource.key}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={initial}
        onValuesChange={(_, all) => {
          dirty.current = !sameValues(all, initial, names);
        }}
        onFinish={finish}
        onFinishFailed={({ errorFields }) => {
          const first = firstFormError(errorFields);
          const editInvalid = initialValues && resource.messages.editInvalid;
          if (first) toast.error(editInvalid ? t(editInvalid) : first);
        }}
      >
        {resource.fields.map((field) => (
          <Fragment key={field.name}>
            <Form.Item
              name={field.name as string}
              label={t(field.label)}
              required={isRequired(resource.schema, field.name)}
              rules={rules(field.name)}
              dependencies={field.dependencies}
              valuePropName={field.input === 'switch' ? 'checked' : undefined}
              normalize={
                field.input === 'text' && acceptsNull(resource.schema, field.name) ? blankAsNull : undefined
              }
            >
              {inputOf(field as FieldDef<object>, t, controls)}
            </Form.Item>
            {field.after && <field.after setValues={setValues} getValues={() => form.getFieldsValue(true)} />}
          </Fragment>
        ))}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(resource.paths.list)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </Panel>
  );
}
