import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { get, write } from '../api/client.ts';
import type { SettingsPath } from '../api/typed.ts';
import { useCan } from '../state/me.ts';
import { useToast } from '../state/useToast.ts';
import { Alert } from './Alert.tsx';
import { firstFormError } from './formErrors.ts';
import { InlineLoading } from './LoadingOverlay.tsx';
import { Panel } from './Panel.tsx';
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts';
import { useWriteOutcome } from './writeOutcome.ts';
import { messageText, zodRules } from './zodRules.ts';

type Values = Record<string, unknown>;

/** i18n keys of what a settings card says. */
export interface SettingsMessages {
  saved: string;
  saveFailed: string;
  fetchFailed: string;
}

/**
 * A single-row setting (credential policy, security policy, the loyalty engine's settings):
 * loads it, edits it with the shared schema's validation, saves it with PUT through the shared
 * write-outcome handler (a 202 means it went to approval), and lets only holders of the update
 * permission change it. Without `readPermission` (when given) it renders nothing.
 */
export function SettingsCard<S extends z.ZodType>({
  endpoint,
  schema,
  permission,
  readPermission,
  title,
  messages,
  name,
  layout = 'vertical',
  style = { maxWidth: 640 },
  children,
  onSaved,
  extra,
}: {
  /** A documented path read and written whole (GET and PUT). */
  endpoint: SettingsPath;
  schema: S;
  /** The update permission. */
  permission: string;
  readPermission?: string;
  title: string;
  messages: SettingsMessages;
  /** The form's name (its fields' ids). */
  name?: string;
  layout?: 'vertical' | 'inline';
  style?: CSSProperties;
  /** The form's items; gets the field rules. */
  children: (rules: (field: string) => ReturnType<ReturnType<typeof zodRules>>) => ReactNode;
  onSaved?: () => void;
  /** Rendered above the fields, with the form (e.g. preset buttons). */
  extra?: (form: ReturnType<typeof Form.useForm<Values>>[0], markDirty: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const report = useWriteOutcome();
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const rules = useMemo(() => zodRules(schema, t), [schema, t]);
  const dirty = useRef(false);
  useUnsavedChangesGuard(dirty);
  const readable = readPermission === undefined || can(readPermission);
  const current = useQuery({
    queryKey: [endpoint],
    queryFn: ({ signal }) => get<Values>(endpoint, undefined, signal),
    enabled: readable,
  });
  const editable = can(permission);

  if (!readable) return null;
  if (current.isPending) return <InlineLoading text={t('common.loading')} />;
  if (current.isError) return <Alert type="error" showIcon title={t(messages.fetchFailed)} />;

  const save = async (values: Values) => {
    const outcome = await report(write('PUT', endpoint, schema.parse(values)), {
      success: messages.saved,
      failure: messages.saveFailed,
    });
    if (!outcome.ok) {
      form.setFields(
        (outcome.error?.errors ?? []).map((f) => ({
          name: f.path.split('.'),
          errors: [messageText(t, f.message)],
        })),
      );
      return;
    }
    dirty.current = false;
    await queryClient.invalidateQueries({ queryKey: [endpoint] });
    onSaved?.();
  };

  return (
    <Panel title={title} style={layout === 'inline' ? { marginTop: 16 } : undefined}>
      <Form<Values>
        form={form}
        name={name}
        layout={layout}
        style={style}
        initialValues={current.data}
        disabled={!editable}
        onValuesChange={() => {
          dirty.current = true;
        }}
        onFinish={save}
        onFinishFailed={({ errorFields }) => {
          const first = firstFormError(errorFields);
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
    </Panel>
  );
}
