import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Form } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError, get, write } from '../../api/client.ts';
import { useCan } from '../../app/session.ts';
import { InlineLoading } from '../../components/LoadingOverlay.tsx';
import { useUnsavedChangesGuard } from '../../components/useUnsavedChangesGuard.ts';
import { messageText, zodRules } from '../../components/zodRules.ts';
import { useToast } from '../../state/useToast.ts';

type Values = Record<string, unknown>;

/**
 * A single-row setting (credential policy, security policy): loads it, edits it with the shared
 * schema's validation, saves it with PUT (a 202 means it went to approval), and lets only holders
 * of the update permission change it.
 */
export function SettingsCard<S extends z.ZodType>({
  endpoint,
  schema,
  permission,
  title,
  children,
  onSaved,
  extra,
}: {
  endpoint: string;
  schema: S;
  permission: string;
  title: string;
  /** The form's items; gets the field rules. */
  children: (rules: (field: string) => ReturnType<ReturnType<typeof zodRules>>) => ReactNode;
  onSaved?: () => void;
  /** Rendered above the fields, with the form (e.g. preset buttons). */
  extra?: (form: ReturnType<typeof Form.useForm<Values>>[0], markDirty: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => zodRules(schema, t), [schema, t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const current = useQuery({
    queryKey: [endpoint],
    queryFn: ({ signal }) => get<Values>(endpoint, undefined, signal),
  });
  const editable = can(permission);

  if (current.isPending) return <InlineLoading text={t('common.loading')} />;
  if (current.isError) return <Alert type="error" showIcon title={t('security.fetchFailed')} />;

  const save = async (values: Values) => {
    try {
      const result = await write('PUT', endpoint, schema.parse(values));
      dirty.current = false;
      if (result.kind === 'pending')
        toast.info(t('common.submittedForApproval'), t('common.submittedForApprovalDetail'));
      else toast.success(t('security.saved'));
      await queryClient.invalidateQueries({ queryKey: [endpoint] });
      onSaved?.();
    } catch (e) {
      const error = e instanceof ApiError ? e : undefined;
      toast.error(t('security.saveFailed'), error && t(`error.${error.code}`));
      form.setFields(
        (error?.errors ?? []).map((f) => ({ name: f.path.split('.'), errors: [messageText(t, f.message)] })),
      );
    }
  };

  return (
    <Card title={title}>
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={current.data}
        disabled={!editable}
        onValuesChange={() => {
          dirty.current = true;
        }}
        onFinish={save}
        onFinishFailed={({ errorFields }) => {
          const first = errorFields.find((f) => f.errors.length > 0)?.errors[0];
          if (first) toast.error(first);
        }}
      >
        {extra?.(form, () => {
          dirty.current = true;
        })}
        {children(rules)}
        {editable && (
          <Flex gap={8}>
            <Button type="primary" htmlType="submit">
              {t('common.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
