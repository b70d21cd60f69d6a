import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { messageText } from './zodRules.ts';

/**
 * Rules and error placement for a form whose values become the command's input through `toInput`
 * (a period picked as a range → `startsAt`/`endsAt`, a list typed as text → numbers) before the
 * command's zod schema checks them: each field is checked against the whole converted input and
 * shows its own issue, and `fieldOf` names the field that holds an input path. Messages are the
 * area's own (`<area>.validation.<message>`) when it has them, else the shared ones.
 */
export function convertedForm<V, I>(
  t: TFunction,
  {
    schema,
    toInput,
    fieldOf,
    area,
  }: {
    schema: z.ZodType<I>;
    toInput: (values: V) => I;
    fieldOf: (path: string) => string;
    area: string;
  },
) {
  const text = (message: string) => {
    const own = `${area}.validation.${message}`;
    return t(own) !== own ? t(own) : messageText(t, message);
  };
  const rule =
    (path: string): FormRule =>
    ({ getFieldsValue }) => ({
      validator: async () => {
        const result = schema.safeParse(toInput(getFieldsValue(true) as V));
        const issue = result.error?.issues.find((i) => fieldOf(i.path.join('.')) === path);
        if (issue) throw new Error(text(issue.message));
      },
    });
  return {
    /** A field's rule (a Form.List's nested field), and a Form.Item's name and rule. */
    rule,
    item: (path: string) => ({ name: path, rules: [rule(path)] }),
    valid: (values: V) => schema.safeParse(toInput(values)).success,
    /** The server's field errors (problem+json `errors`) as `form.setFields` takes them. */
    serverErrors: (errors: readonly { path: string; message: string }[] = []) =>
      errors.map((e) => ({ name: fieldOf(e.path.split('.')[0] ?? '') as never, errors: [text(e.message)] })),
  };
}
