import {
  channels,
  type ImportKind,
  importEncodings,
  importFileColumns,
  importKinds,
  importResource,
  localName,
} from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import { Fragment, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { ChoiceSelect } from '../../components/ChoiceSelect.tsx';
import { FileDrop } from '../../components/FileDrop.tsx';
import { Panel } from '../../components/Panel.tsx';
import { screenLink } from '../../components/resource.ts';
import { Select } from '../../components/Select.tsx';
import { Switch } from '../../components/Switch.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useToast } from '../../state/useToast.ts';
import { importsApi, suppliedVoucherChoices } from './api.ts';
import { MappingPreview } from './MappingPreview.tsx';

interface Values {
  layoutId?: number;
  kind: ImportKind;
  encoding: string;
  channel?: string;
  postValid: boolean;
  voucherId?: number;
}

/** The form's first values: a voucher's page links here with `?kind=VOUCHER_CODES&voucherId=`. */
function initialValues(params: URLSearchParams): Values {
  const kind = importKinds.find((k) => k === params.get('kind')) ?? 'TRANSACTIONS';
  const voucherId = Number(params.get('voucherId'));
  return {
    kind,
    encoding: 'UTF-8',
    postValid: false,
    ...(kind === 'VOUCHER_CODES' && voucherId > 0 ? { voucherId } : {}),
  };
}

/**
 * `Imports/New`: upload a file (kind, encoding, channel, post the valid lines); a file refused as a
 * whole says why here; a staged one opens its page (preview, line errors, the error file).
 */
export default function ImportCreatePage() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File>();
  const [refusal, setRefusal] = useState<ApiError>();
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const layouts = useQuery({
    queryKey: ['file-layouts', 'choices'],
    queryFn: ({ signal }) => importsApi.layouts(signal),
  });
  const layoutId: number | undefined = Form.useWatch('layoutId', form);
  const layout = layouts.data?.find((l) => l.id === layoutId);
  // A layout reads its own kind of file, in its own encoding.
  const chosenKind: ImportKind | undefined = Form.useWatch('kind', form);
  const kind: ImportKind = layout?.kind ?? chosenKind ?? 'TRANSACTIONS';
  const options = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));

  const submit = async (values: Values) => {
    if (!file) return;
    const body = new FormData();
    if (layout) body.append('layoutId', String(layout.id));
    body.append('kind', layout?.kind ?? values.kind);
    body.append('encoding', layout?.encoding ?? values.encoding);
    if (values.channel && kind === 'TRANSACTIONS') body.append('channel', values.channel);
    if (values.voucherId && kind === 'VOUCHER_CODES') body.append('voucherId', String(values.voucherId));
    // Sent only when on: the server reads the field as a boolean of its presence ("false" is a string).
    if (values.postValid) body.append('postValid', 'true');
    body.append('file', file, file.name);
    setSending(true);
    setRefusal(undefined);
    try {
      const imp = await importsApi.upload(body);
      await queryClient.invalidateQueries({ queryKey: [importResource.name] });
      toast.success(t('imports.created'));
      navigate(screenLink(importResource, 'view', imp.id));
    } catch (e) {
      const error = e instanceof ApiError ? e : undefined;
      setRefusal(error);
      toast.error(
        t('imports.createFailed'),
        t(error?.code === 'CSV_INVALID' ? 'imports.csvInvalid' : `error.${error?.code ?? 'INTERNAL'}`),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Panel title={t('imports.new')}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: layout && file ? 960 : 560 }}
        initialValues={initialValues(params)}
        onFinish={submit}
      >
        <Form.Item
          name="layoutId"
          label={t('imports.layout')}
          htmlFor="import_layout"
          extra={t('imports.layoutHelp')}
        >
          <Select
            id="import_layout"
            allowClear
            placeholder={t('imports.noLayout')}
            options={(layouts.data ?? []).map((l) => ({ value: l.id, label: localName(l, i18n.language) }))}
          />
        </Form.Item>
        {!layout && (
          <>
            <Form.Item name="kind" label={t('imports.fields.kind')} htmlFor="import_kind">
              <Select id="import_kind" options={options(importKinds, 'imports.kinds')} />
            </Form.Item>
            <Form.Item name="encoding" label={t('imports.fields.encoding')} htmlFor="import_encoding">
              <Select id="import_encoding" options={options(importEncodings, 'imports.encodings')} />
            </Form.Item>
          </>
        )}
        {kind === 'TRANSACTIONS' && (
          <Form.Item name="channel" label={t('imports.fields.channel')} htmlFor="import_channel">
            <Select
              id="import_channel"
              allowClear
              placeholder={t('imports.defaultChannel')}
              options={options(channels, 'channels')}
            />
          </Form.Item>
        )}
        {kind === 'VOUCHER_CODES' && (
          <Form.Item
            name="voucherId"
            label={t('imports.fields.voucher')}
            htmlFor="import_voucher"
            extra={t('imports.voucherHelp')}
            rules={[{ required: true, message: t('imports.voucherRequired') }]}
          >
            <ChoiceSelect id="import_voucher" options={suppliedVoucherChoices} />
          </Form.Item>
        )}
        <Form.Item
          name="postValid"
          label={t('imports.fields.postValid')}
          valuePropName="checked"
          extra={t('imports.postValidHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label={t('imports.fields.file')}
          htmlFor="import_file"
          required
          extra={
            layout ? undefined : (
              <>
                <Trans
                  i18nKey="imports.fileHelp"
                  components={{
                    // The columns are the file's own names, the same in every language.
                    columns: (
                      <span translate="no" dir="ltr">
                        {importFileColumns[kind].map((c, i) => (
                          <Fragment key={c}>
                            {i > 0 && ', '}
                            <code>{c}</code>
                          </Fragment>
                        ))}
                      </span>
                    ),
                  }}
                />{' '}
                <Trans
                  i18nKey={`imports.kindHelp.${kind}`}
                  components={{
                    lot: (
                      <code translate="no" dir="ltr">
                        points@YYYY-MM-DD
                      </code>
                    ),
                  }}
                />
              </>
            )
          }
        >
          <FileDrop
            id="import_file"
            accept=".csv,.txt,.dat,text/csv,text/plain"
            fileName={file?.name}
            prompt={t('imports.chooseFile')}
            onFile={(chosen) => {
              setFile(chosen);
              setRefusal(undefined);
            }}
          />
        </Form.Item>
        {refusal && (
          <Form.Item>
            <Flex vertical role="alert">
              <Typography.Text type="danger" strong>
                {t(refusal.code === 'CSV_INVALID' ? 'imports.csvInvalid' : `error.${refusal.code}`)}
              </Typography.Text>
              {refusal.errors.map((e) => (
                <Typography.Text type="danger" key={`${e.path}-${e.message}`}>
                  {e.path === 'file' ? '' : `${e.path.replace(/^line /, `${t('imports.line')} `)}: `}
                  {t(e.message)}
                </Typography.Text>
              ))}
            </Flex>
          </Form.Item>
        )}
        {layout && file && (
          <Form.Item>
            <MappingPreview key={`${layout.id}-${layout.updatedAt}`} layout={layout} file={file} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" disabled={!file} loading={sending}>
          {t('imports.upload')}
        </Button>
      </Form>
    </Panel>
  );
}
