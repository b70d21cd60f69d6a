import { loginInput, tierInput } from '@loyalty/contracts';
import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../i18n/index.ts';
import { isRequired, issueText, messageText, zodRules } from './zodRules.ts';

const t = i18n.t.bind(i18n);

/** Runs the rule antd would run for `field`, with `values` as the whole form. */
async function validate(rules: FormRule[], values: Record<string, unknown>): Promise<string | undefined> {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  for (const rule of rules) {
    const object = typeof rule === 'function' ? rule(form) : rule;
    try {
      await object.validator?.(object, undefined, () => {});
    } catch (e) {
      return (e as Error).message;
    }
  }
  return undefined;
}

describe('zodRules', () => {
  const rules = zodRules(tierInput, t);
  const complete = { name: 'Gold', description: 'Top', minPoints: 1000, maxPoints: 4999 };

  it('passes a valid form', async () => {
    for (const field of Object.keys(complete)) expect(await validate(rules(field), complete)).toBeUndefined();
  });

  it("reports the schema's spec message on the field: 'Please fill all fields.'", async () => {
    const values = { ...complete, name: '   ', minPoints: null };
    expect(await validate(rules('name'), values)).toBe('Please fill all fields.');
    expect(await validate(rules('minPoints'), values)).toBe('Please fill all fields.');
    expect(await validate(rules('description'), values)).toBeUndefined();
  });

  it("reports cross-field refinements on their field: 'Minpoints must be less than Maxpoints'", async () => {
    const values = { ...complete, minPoints: 5000, maxPoints: 5000 };
    expect(await validate(rules('maxPoints'), values)).toBe('Minpoints must be less than Maxpoints');
    expect(await validate(rules('minPoints'), values)).toBeUndefined();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('ar');
    expect(await validate(rules('name'), { ...complete, name: '' })).toBe('يرجى تعبئة جميع الحقول.');
  });

  it('translates generic issues instead of showing zod English', async () => {
    const login = zodRules(loginInput, t);
    expect(await validate(login('username'), { username: ' ', password: 'x' })).toBe(
      'This field is required',
    );
    const schema = z.object({ code: z.string().max(3), n: z.number().int().min(2) });
    const issues = schema.safeParse({ code: 'ABCD', n: 1.5 }).error?.issues ?? [];
    expect(issues.map((i) => issueText(t, i, 'value'))).toEqual([
      'Must be at most 3 characters',
      'Must be a whole number',
    ]);
    expect(messageText(t, 'minLessThanMax')).toBe('Minpoints must be less than Maxpoints');
    expect(messageText(t, 'Some server text')).toBe('Some server text');
  });

  it('marks fields the schema requires', () => {
    expect(isRequired(tierInput, 'name')).toBe(true);
    expect(isRequired(loginInput, 'visitorId')).toBe(false);
  });
});
