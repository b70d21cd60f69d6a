import {
  type FileLayout,
  type FileLayoutInput,
  fileLayoutFormats,
  fileLayoutInput,
  fixedFieldTypes,
  importEncodings,
  importKinds,
  recordRoles,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApprovalNotice } from '../../../components/ApprovalNotice.tsx';
import { Input } from '../../../components/Input.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ProblemPanel } from '../../../components/plain.tsx';
import { Select } from '../../../components/Select.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { messageText } from '../../../components/zodRules.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useToast } from '../../../state/useToast.ts';
import { fileLayoutUi } from './fileLayouts.resource.tsx';

type Values = FileLayoutInput;

/** A new fixed-width layout starts with the usual header, detail and trailer records. */
const starter: Partial<Values> = {
  kind: 'TRANSACTIONS',
  format: 'CSV',
  encoding: 'UTF-8',
  quote: '"',
  headerRow: true,
  fixedWidth: {
    discriminator: { start: 1, length: 1 },
    records: [
      {
        code: 'H',
        role: 'HEADER',
        fields: [{ name: 'businessDate', start: 2, length: 8, type: 'date', format: 'YYYYMMDD' }],
      },
      { code: 'D', role: 'DETAIL', fields: [{ name: 'externalId', start: 2, length: 16, type: 'string' }] },
      { code: 'T', role: 'TRAILER', fields: [{ name: 'recordCount', start: 2, length: 9, type: 'integer' }] },
    ],
    trailerCount: 'recordCount',
  },
};

/**
 * `Imports/Layouts/New` and `Imports/Layouts/{id}`: a file layout — its names, kind, format and
 * encoding; a CSV's delimiter, quote and header row; a fixed-width file's discriminator, records
 * (header, detail, trailer) and their fields, and the trailer's control fields. The column
 * mapping is saved from an upload's preview (ImportCreatePage), not here.
 */
export default function FileLayoutFormPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const editing = Number.isInteger(id) && id > 0;
  const record = useQuery({
    queryKey: [fileLayoutUi.key, 'detail', id],
    queryFn: ({ signal }) => fileLayoutUi.api.get(id, signal),
    enabled: editing,
  });
  if (editing && record.isError)
    return <ProblemPanel tone="warning" title={t(fileLayoutUi.messages.fetchFailed)} />;
  if (editing && !record.data) return <InlineLoading text={t(fileLayoutUi.messages.loading)} />;
  return <LayoutForm key={record.data?.updatedAt ?? 'new'} layout={record.data} />;
}

function LayoutForm({ layout }: { layout: FileLayout | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const format = Form.useWatch('format', form) ?? layout?.format ?? 'CSV';
  const choices = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  const initial: Partial<Values> = layout
    ? {
        ...layout,
        delimiter: layout.delimiter ?? undefined,
        fixedWidth: layout.fixedWidth ?? starter.fixedWidth,
      }
    : starter;

  const submit = async (values: Values) => {
    // Inputs left empty are absent (an empty trailer field is "none", not a name).
    const input = JSON.parse(
      JSON.stringify({
        ...values,
        fixedWidth: values.format === 'FIXED_WIDTH' ? values.fixedWidth : undefined,
      }),
      (_, v) => (v === '' || v === null ? undefined : v),
    );
    const parsed = fileLayoutInput.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      toast.error(t(fileLayoutUi.messages.createFailed), issue && messageText(t, issue.message));
      if (issue) form.setFields([{ name: issue.path as never, errors: [messageText(t, issue.message)] }]);
      return;
    }
    const write = layout
      ? fileLayoutUi.api.update(layout.id, parsed.data)
      : fileLayoutUi.api.create(parsed.data);
    const done = await outcome(write, {
      success: layout ? fileLayoutUi.messages.updated : fileLayoutUi.messages.created,
      failure: fileLayoutUi.messages.createFailed,
    });
    if (!done.ok) {
      form.setFields(
        (done.error?.errors ?? []).map((e) => ({
          name: e.path.split('.') as never,
          errors: [messageText(t, e.message)],
        })),
      );
      return;
    }
    await queryClient.invalidateQueries({ queryKey: [fileLayoutUi.key] });
    navigate(fileLayoutUi.paths.list);
  };

  return (
    <Panel>
      <ApprovalNotice
        serviceId={(layout ? fileLayoutUi.permissions.update : fileLayoutUi.permissions.create) ?? ''}
      />
      <Form<Values> form={form} name="fileLayout" layout="vertical" initialValues={initial} onFinish={submit}>
        <Flex gap={16} wrap>
          <Form.Item name="name" label={t('imports.layouts.fields.name')} required style={{ minWidth: 280 }}>
            <Input />
          </Form.Item>
          <Form.Item name="nameAr" label={t('common.nameAr')} style={{ minWidth: 280 }}>
            <Input dir="rtl" lang="ar" />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap>
          <Form.Item
            name="kind"
            label={t('imports.fields.kind')}
            htmlFor="layout_kind"
            style={{ minWidth: 200 }}
          >
            <Select id="layout_kind" options={choices(importKinds, 'imports.kinds')} />
          </Form.Item>
          <Form.Item
            name="format"
            label={t('imports.layouts.fields.format')}
            htmlFor="layout_format"
            style={{ minWidth: 200 }}
          >
            <Select id="layout_format" options={choices(fileLayoutFormats, 'imports.layouts.formats')} />
          </Form.Item>
          <Form.Item
            name="encoding"
            label={t('imports.fields.encoding')}
            htmlFor="layout_encoding"
            style={{ minWidth: 200 }}
          >
            <Select id="layout_encoding" options={choices(importEncodings, 'imports.encodings')} />
          </Form.Item>
        </Flex>
        {format === 'CSV' ? (
          <Flex gap={16} wrap>
            <Form.Item
              name="delimiter"
              label={t('imports.layouts.fields.delimiter')}
              extra={t('imports.layouts.delimiterHelp')}
            >
              <Input maxLength={1} style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="quote" label={t('imports.layouts.fields.quote')}>
              <Input maxLength={1} style={{ width: 80 }} />
            </Form.Item>
            <Form.Item name="headerRow" label={t('imports.layouts.fields.headerRow')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Flex>
        ) : (
          <FixedWidthFields />
        )}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(fileLayoutUi.paths.list)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </Panel>
  );
}

/** A number input of the fixed-width part (`fixedWidth.…`). */
function NumberItem({ name, label, min = 1 }: { name: (string | number)[]; label: string; min?: number }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t(label)}>
      <InputNumber min={min} style={{ width: 110 }} />
    </Form.Item>
  );
}

/** The discriminator, record length, records and their fields, and the trailer's control fields. */
function FixedWidthFields() {
  const { t } = useTranslation();
  const types = fixedFieldTypes.map((v) => ({ value: v, label: t(`imports.layouts.types.${v}`) }));
  const roles = recordRoles.map((v) => ({ value: v, label: t(`imports.layouts.roles.${v}`) }));
  return (
    <>
      <Flex gap={16} wrap>
        <NumberItem
          name={['fixedWidth', 'discriminator', 'start']}
          label="imports.layouts.fields.discriminatorStart"
        />
        <NumberItem
          name={['fixedWidth', 'discriminator', 'length']}
          label="imports.layouts.fields.discriminatorLength"
        />
        <NumberItem name={['fixedWidth', 'recordLength']} label="imports.layouts.fields.recordLength" />
      </Flex>
      <Form.List name={['fixedWidth', 'records']}>
        {(records, { add, remove }) => (
          <Flex vertical gap={12} style={{ marginBlockEnd: 16 }}>
            {records.map((record) => (
              <Panel
                key={record.key}
                title={t('imports.layouts.record', { n: record.name + 1 })}
                extra={
                  <Button size="small" danger onClick={() => remove(record.name)}>
                    {t('imports.layouts.removeRecord')}
                  </Button>
                }
              >
                <Flex gap={16} wrap>
                  <Form.Item name={[record.name, 'code']} label={t('imports.layouts.fields.code')}>
                    <Input style={{ width: 80 }} />
                  </Form.Item>
                  <Form.Item name={[record.name, 'role']} label={t('imports.layouts.fields.role')}>
                    <Select
                      options={roles}
                      style={{ width: 160 }}
                      aria-label={t('imports.layouts.fields.role')}
                    />
                  </Form.Item>
                </Flex>
                <Form.List name={[record.name, 'fields']}>
                  {(fields, ops) => (
                    <Flex vertical gap={4}>
                      {fields.map((field) => (
                        <Flex key={field.key} gap={8} wrap align="end">
                          <Form.Item
                            name={[field.name, 'name']}
                            label={t('imports.layouts.fields.fieldName')}
                          >
                            <Input style={{ width: 150 }} dir="ltr" />
                          </Form.Item>
                          <NumberItem name={[field.name, 'start']} label="imports.layouts.fields.start" />
                          <NumberItem name={[field.name, 'length']} label="imports.layouts.fields.length" />
                          <Form.Item name={[field.name, 'type']} label={t('imports.layouts.fields.type')}>
                            <Select
                              options={types}
                              style={{ width: 130 }}
                              aria-label={t('imports.layouts.fields.type')}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'format']}
                            label={t('imports.layouts.fields.dateFormat')}
                          >
                            <Input style={{ width: 150 }} dir="ltr" placeholder="YYYYMMDD" />
                          </Form.Item>
                          <NumberItem
                            name={[field.name, 'decimals']}
                            label="imports.layouts.fields.decimals"
                            min={0}
                          />
                          <Form.Item>
                            <Button onClick={() => ops.remove(field.name)}>
                              {t('imports.layouts.removeField')}
                            </Button>
                          </Form.Item>
                        </Flex>
                      ))}
                      <Button onClick={() => ops.add({ type: 'string' })} style={{ alignSelf: 'start' }}>
                        {t('imports.layouts.addField')}
                      </Button>
                    </Flex>
                  )}
                </Form.List>
              </Panel>
            ))}
            <Button
              onClick={() => add({ code: '', role: 'DETAIL', fields: [] })}
              style={{ alignSelf: 'start' }}
            >
              {t('imports.layouts.addRecord')}
            </Button>
          </Flex>
        )}
      </Form.List>
      <Flex gap={16} wrap>
        <Form.Item name={['fixedWidth', 'trailerCount']} label={t('imports.layouts.fields.trailerCount')}>
          <Input style={{ width: 180 }} dir="ltr" />
        </Form.Item>
        <Form.Item name={['fixedWidth', 'trailerTotal']} label={t('imports.layouts.fields.trailerTotal')}>
          <Input style={{ width: 180 }} dir="ltr" />
        </Form.Item>
        <Form.Item name={['fixedWidth', 'totalOf']} label={t('imports.layouts.fields.totalOf')}>
          <Input style={{ width: 180 }} dir="ltr" />
        </Form.Item>
      </Flex>
    </>
  );
}
