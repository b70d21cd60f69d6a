import {
  type ConfigItem,
  type ConfigItemType,
  type ConfigValidation,
  checkConfigValue,
  configItemTypes,
} from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/client.ts';
import { Input } from '../../../components/Input.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { Select } from '../../../components/Select.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { configApi, configKeys, configPaths } from './api.ts';
import { p } from './bundles.resource.tsx';
import { fromFormValue, toFormValue, ValueInput } from './values.tsx';

/** Types whose min and max apply: numbers, a string's length, a duration's seconds. */
const ranged: ConfigItemType[] = ['INTEGER', 'DECIMAL', 'STRING', 'DURATION'];

interface Values {
  key?: string;
  type: ConfigItemType;
  secret?: boolean;
  value?: unknown;
  descriptionEn?: string;
  descriptionAr?: string;
  validation?: { min?: number | null; max?: number | null; pattern?: string; allowed?: string[] };
}

/** Empty validation fields left out, as the API takes them. */
function validationOf(v: Values['validation'] = {}): ConfigValidation {
  return {
    ...(v.min != null && { min: v.min }),
    ...(v.max != null && { max: v.max }),
    ...(v.pattern?.trim() && { pattern: v.pattern.trim() }),
    ...(v.allowed?.length && { allowed: v.allowed }),
  };
}

/**
 * An item's form: a new item of bundle `bundleId` (key, type, secret flag fixed once created), or
 * item `item`. The value's editor follows the type; it is checked as the server checks it
 * (contracts `checkConfigValue`) before anything is sent, and the server's refusal is shown on the
 * field it names. A secret is never shown: leave it empty to keep it.
 */
export function ItemForm({ bundleId, item }: { bundleId: number; item?: ConfigItem }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const navigate = useLangNavigate();
  const outcome = useWriteOutcome();
  const client = useQueryClient();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? item?.type ?? 'STRING';
  const secret = Form.useWatch('secret', form) ?? item?.secret ?? false;
  const allowed = Form.useWatch(['validation', 'allowed'], form);
  const fixedValidation = item?.system === true;
  const keepSecret = item?.secret === true;
  const problemText = (message: string) => t(`${p}.messages.${message}`, { defaultValue: message });

  const fail = (field: (string | number)[], message: string) =>
    form.setFields([{ name: field as never, errors: [problemText(message)] }]);

  const submit = async (values: Values) => {
    const validation = fixedValidation ? (item?.validation ?? {}) : validationOf(values.validation);
    const empty = values.value === undefined || values.value === null || values.value === '';
    const keep = keepSecret && empty;
    const value = keep ? undefined : fromFormValue(type, empty && type === 'BOOLEAN' ? false : values.value);
    if (!keep) {
      if (value === undefined) return fail(['value'], `configValueType.${type}`);
      const problem = checkConfigValue({ type, validation }, value);
      if (problem) return fail(['value'], problem.message);
    }
    const texts = { descriptionEn: values.descriptionEn ?? '', descriptionAr: values.descriptionAr ?? '' };
    setSaving(true);
    const done = await outcome(
      item
        ? configApi.updateItem(item.id, { ...texts, validation, ...(value !== undefined && { value }) })
        : configApi.createItem(bundleId, {
            ...texts,
            key: values.key ?? '',
            type,
            secret: values.secret ?? false,
            value: value as never,
            validation,
          }),
      {
        success: item ? `${p}.itemUpdated` : `${p}.itemCreated`,
        failure: item ? `${p}.itemUpdateFailed` : `${p}.itemCreateFailed`,
      },
    );
    setSaving(false);
    if (!done.ok) {
      for (const e of (done.error as ApiError | undefined)?.errors ?? []) fail(e.path.split('.'), e.message);
      return;
    }
    // A new item's form is emptied at once, not after the list's refresh: what is typed meanwhile stays.
    if (!item) form.resetFields();
    await client.invalidateQueries({ queryKey: ['config-bundles', bundleId] });
    if (item) {
      await client.invalidateQueries({ queryKey: configKeys.item(item.id) });
      navigate(configPaths.configure(bundleId));
    }
  };

  return (
    <Panel title={item ? item.key : t(`${p}.addItem`)} data-testid="item-form">
      <Form<Values>
        name="config-item"
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          item
            ? {
                type: item.type,
                secret: item.secret,
                value: item.secret ? undefined : toFormValue(item.type, item.value),
                descriptionEn: item.descriptionEn,
                descriptionAr: item.descriptionAr,
                validation: item.validation,
              }
            : { type: 'STRING', secret: false }
        }
      >
        {!item && (
          <Space wrap align="start">
            <Form.Item
              name="key"
              label={t(`${p}.fields.key`)}
              extra={t(`${p}.keyHelp`)}
              rules={[{ required: true, message: t('msg.fillAllFields') }]}
            >
              <Input dir="ltr" style={{ width: 280 }} />
            </Form.Item>
            <Form.Item name="type" label={t(`${p}.fields.type`)}>
              <Select
                style={{ width: 180 }}
                aria-label={t(`${p}.fields.type`)}
                options={configItemTypes.map((v) => ({ value: v, label: t(`${p}.types.${v}`) }))}
                onChange={() => form.setFieldValue('value', undefined)}
              />
            </Form.Item>
            <Form.Item
              name="secret"
              label={t(`${p}.secret`)}
              valuePropName="checked"
              extra={t(`${p}.secretHelp`)}
            >
              <Switch aria-label={t(`${p}.secret`)} />
            </Form.Item>
          </Space>
        )}
        <Form.Item
          name="value"
          label={t(`${p}.fields.value`)}
          extra={keepSecret ? t(`${p}.secretKeep`) : undefined}
        >
          <ValueInput
            type={type}
            allowed={allowed ?? item?.validation.allowed}
            placeholder={secret ? '••••••••' : undefined}
          />
        </Form.Item>
        <Form.Item name="descriptionEn" label={t(`${p}.fields.descriptionEn`)}>
          <Input.TextArea rows={2} />
        </Form.Item>
        <Form.Item name="descriptionAr" label={t(`${p}.fields.descriptionAr`)}>
          <Input.TextArea rows={2} dir="rtl" />
        </Form.Item>
        <Typography.Title level={5}>{t(`${p}.validation`)}</Typography.Title>
        {fixedValidation && (
          <Typography.Paragraph type="secondary">{t(`${p}.systemValidation`)}</Typography.Paragraph>
        )}
        <Space wrap align="start">
          {ranged.includes(type) && (
            <>
              <Form.Item
                name={['validation', 'min']}
                label={t(`${p}.fields.min`)}
                extra={t(`${p}.rangeOf.${type}`)}
              >
                <InputNumber disabled={fixedValidation} style={{ width: 160 }} />
              </Form.Item>
              <Form.Item name={['validation', 'max']} label={t(`${p}.fields.max`)}>
                <InputNumber disabled={fixedValidation} style={{ width: 160 }} />
              </Form.Item>
            </>
          )}
          {type === 'STRING' && (
            <Form.Item name={['validation', 'pattern']} label={t(`${p}.fields.pattern`)}>
              <Input dir="ltr" disabled={fixedValidation} style={{ width: 240 }} />
            </Form.Item>
          )}
          {type === 'ENUM' && (
            <Form.Item name={['validation', 'allowed']} label={t(`${p}.fields.allowed`)}>
              <Select
                mode="tags"
                aria-label={t(`${p}.fields.allowed`)}
                disabled={fixedValidation}
                style={{ minWidth: 280 }}
              />
            </Form.Item>
          )}
        </Space>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="item-save">
              {item ? t(`${p}.save`) : t(`${p}.add`)}
            </Button>
            {item && (
              <Button onClick={() => navigate(configPaths.configure(bundleId))}>{t('common.cancel')}</Button>
            )}
          </Space>
        </Form.Item>
      </Form>
    </Panel>
  );
}
