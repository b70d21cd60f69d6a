import { specMessages } from '@loyalty/contracts';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

const isSpecKey = (message: string): message is keyof typeof specMessages =>
  Object.hasOwn(specMessages, message);
const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A message from the shared schemas or the server, translated: spec message keys become
 * `msg.<key>`, dotted i18n keys their text; anything else is shown as given.
 */
export function messageText(t: TFunction, message: string): string {
  if (isSpecKey(message)) return t(`msg.${message}`);
  // An area's own key (`reports.schedules.recipientNotAllowed`) when its translations have it.
  return /^[a-z]\w*(\.\w+)+$/.test(message) ? t(message, { defaultValue: message }) : message;
}

/** The translated text of one zod issue; `value` is the field's current value. */
export function issueText(t: TFunction, issue: z.core.$ZodIssue, value: unknown): string {
  if (isSpecKey(issue.message)) return t(`msg.${issue.message}`);
  // Zod's own English messages are not shown; the issue code picks a translated text instead.
  if (isEmpty(value)) return t('validation.required');
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? t('validation.tooShort', { minimum: Number(issue.minimum) })
        : t('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      return issue.origin === 'string'
        ? t('validation.tooLong', { maximum: Number(issue.maximum) })
        : t('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'int' ? t('validation.notInteger') : t('validation.invalid');
    case 'invalid_format':
      return t('validation.invalidFormat');
    case 'custom': {
      // A refinement's own message: an area's key (`<area>.<key>`) when its translations have it.
      const own = /^[a-z]\w*(\.\w+)+$/.test(issue.message) ? t(issue.message, { defaultValue: '' }) : '';
      return own || t('validation.invalid');
    }
    default:
      return t('validation.invalid');
  }
}

const valueAt = (values: unknown, path: readonly PropertyKey[]) =>
  path.reduce<unknown>((v, key) => (v as Record<PropertyKey, unknown> | undefined)?.[key], values);

/**
 * antd validation from a shared zod schema, so the form has no hand-written rules. Each field's
 * rule parses the whole form (refinements such as "min below max" span fields) and reports the
 * first issue whose path is that field.
 */
export function zodRules(schema: z.ZodType, t: TFunction): (field: string) => FormRule[] {
  return (field) => [
    ({ getFieldsValue }) => ({
      validator: async () => {
        const values: unknown = getFieldsValue(true);
        const result = schema.safeParse(values);
        const issue = result.error?.issues.find((i) => i.path.join('.') === field);
        if (issue) throw new Error(issueText(t, issue, valueAt(values, issue.path)));
      },
    }),
  ];
}

/** Whether the schema refuses the field when it is left empty (shows antd's required mark). */
export function isRequired(schema: z.ZodType, field: string): boolean {
  return schema.safeParse({}).error?.issues.some((i) => i.path.join('.') === field) ?? false;
}

/**
 * Whether the schema takes null for a field: an optional text field whose pattern refuses ''
 * (a phone number, a mobile), where an emptied input must be sent as null (issue 48).
 */
export function acceptsNull(schema: z.ZodType, field: string): boolean {
  return (schema as { shape?: Record<string, z.ZodType> }).shape?.[field]?.safeParse(null).success === true;
}

/** What the schema makes of a field left out: its default (a new record's switch starts there). */
export function fieldDefault(schema: z.ZodType, field: string): unknown {
  return (schema as { shape?: Record<string, z.ZodType> }).shape?.[field]?.safeParse(undefined).data;
}
