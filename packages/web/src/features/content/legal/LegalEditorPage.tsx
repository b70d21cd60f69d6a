import { Input } from '../../../components/Input.tsx';
import './legal.css';
import { type LegalDocumentInput, type LegalKind, legalDocumentInput } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Form, Row } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/Alert.tsx';
import { ApprovalNotice } from '../../../components/ApprovalNotice.tsx';
import { DayInput } from '../../../components/DayInput.tsx';
import { firstFormError } from '../../../components/formErrors.ts';
import { InlineLoading } from '../../../components/LoadingOverlay.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { QueryError } from '../../../components/QueryError.tsx';
import { useUnsavedChangesGuard } from '../../../components/useUnsavedChangesGuard.ts';
import { useWriteOutcome } from '../../../components/writeOutcome.ts';
import { isRequired, messageText, zodRules } from '../../../components/zodRules.ts';
import { useLangNavigate } from '../../../i18n/lang.ts';
import { useToast } from '../../../state/useToast.ts';
import { LEGAL_KEY, legalApi, legalPaths } from './legalApi.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

/** What the form edits: everything but the kind, which the screen decides. */
const formSchema = legalDocumentInput.omit({ kind: true });
type Values = Omit<LegalDocumentInput, 'kind'>;
const fields = ['titleEn', 'titleAr', 'effectiveDate', 'bodyEn', 'bodyAr'] as const;

function LegalForm({ kind, id, initial }: { kind: LegalKind; id?: number; initial?: Values }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useLangNavigate();
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => zodRules(formSchema, t), [t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const paths = legalPaths(kind);

  const finish = async (values: Values) => {
    const parsed = formSchema.safeParse(values);
    if (!parsed.success) return;
    if (initial && fields.every((f) => parsed.data[f] === initial[f])) {
      toast.info(t('msg.noChangesDetected'));
      return;
    }
    const write = id
      ? legalApi.update(id, { ...parsed.data, kind })
      : legalApi.create({ ...parsed.data, kind });
    const outcome = await report(write, {
      success: 'content.legal.saved',
      failure: 'content.legal.saveFailed',
    });
    if (outcome.ok) {
      dirty.current = false;
      await queryClient.invalidateQueries({ queryKey: [LEGAL_KEY] });
      navigate(paths.list);
      return;
    }
    form.setFields(
      (outcome.error?.errors ?? [])
        .filter((e) => (fields as readonly string[]).includes(e.path))
        .map((e) => ({ name: e.path as keyof Values, errors: [messageText(t, e.message)] })),
    );
  };

  const item = (name: (typeof fields)[number], label: string, child: React.ReactNode) => (
    <Form.Item name={name} label={t(label)} required={isRequired(formSchema, name)} rules={rules(name)}>
      {child}
    </Form.Item>
  );
  return (
    <Panel>
      <ApprovalNotice serviceId={id ? 'legalDocument.update' : 'legalDocument.create'} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('content.legal.draftNotice')} />
      <Form<Values>
        form={form}
        name="legal"
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => {
          dirty.current = true;
        }}
        onFinish={finish}
        onFinishFailed={({ errorFields }) => {
          const first = firstFormError(errorFields);
          if (first) toast.error(first);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} lg={12}>
            {item('titleEn', 'content.legal.fields.titleEn', <Input dir="ltr" />)}
          </Col>
          <Col xs={24} lg={12}>
            {item('titleAr', 'content.legal.fields.titleAr', <Input dir="rtl" />)}
          </Col>
        </Row>
        {item('effectiveDate', 'content.legal.fields.effectiveDate', <DayInput style={{ maxWidth: 220 }} />)}
        <Row gutter={16}>
          <Col xs={24} xl={12}>
            {item(
              'bodyEn',
              'content.legal.fields.bodyEn',
              <RichTextEditor dir="ltr" label={t('content.legal.fields.bodyEn')} />,
            )}
          </Col>
          <Col xs={24} xl={12}>
            {item(
              'bodyAr',
              'content.legal.fields.bodyAr',
              <RichTextEditor dir="rtl" label={t('content.legal.fields.bodyAr')} />,
            )}
          </Col>
        </Row>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit">
            {t('content.legal.saveDraft')}
          </Button>
          <Button onClick={() => navigate(paths.list)}>{t('common.cancel')}</Button>
        </Flex>
      </Form>
    </Panel>
  );
}

/** The editor of a kind's draft: a new one, or with `?id=` a draft to change (published versions do not change). */
export function LegalEditorPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const record = useQuery({
    queryKey: [LEGAL_KEY, 'detail', id],
    queryFn: ({ signal }) => legalApi.get(id as number, signal),
    enabled: id !== undefined,
  });
  if (!id) return <LegalForm kind={kind} />;
  if (record.isError) return <QueryError query={record} />;
  if (!record.data) return <InlineLoading text={t('content.legal.loading')} />;
  const { titleEn, titleAr, effectiveDate, bodyEn, bodyAr } = record.data;
  return (
    <LegalForm
      key={record.data.updatedAt}
      kind={kind}
      id={id}
      initial={{ titleEn, titleAr, effectiveDate, bodyEn, bodyAr }}
    />
  );
}
