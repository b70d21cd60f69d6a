import { describe, expect, it } from 'vitest';
import { customerLanguage, localName, localText } from './bilingual.ts';
import { commandLabel, commandNamesAr, commandSummaries } from './commandNames.ts';
import { tierInput } from './loyalty/tiers.ts';

describe('localized names', () => {
  it('shows the Arabic for Arabic, the English otherwise, and the English when no Arabic is given', () => {
    expect(localName({ name: 'Gold', nameAr: 'ذهبي' }, 'ar')).toBe('ذهبي');
    expect(localName({ name: 'Gold', nameAr: 'ذهبي' }, 'en')).toBe('Gold');
    expect(localName({ name: 'Gold', nameAr: '' }, 'ar')).toBe('Gold');
    expect(localText('Gold', null, 'ar')).toBe('Gold');
  });

  it('takes the Arabic as optional input: empty when left out, trimmed and bounded when given', () => {
    const base = { name: 'Gold', description: 'd', minPoints: 0, maxPoints: 10 };
    expect(tierInput.parse(base)).toMatchObject({ nameAr: '', descriptionAr: '' });
    expect(tierInput.parse({ ...base, nameAr: '  ذهبي ' }).nameAr).toBe('ذهبي');
    expect(tierInput.safeParse({ ...base, nameAr: 'ذ'.repeat(101) }).success).toBe(false);
  });
});

describe('customerLanguage', () => {
  it('follows Accept-Language by quality, then the customer, then English', () => {
    expect(customerLanguage('ar-SA,ar;q=0.9,en;q=0.8')).toBe('ar');
    expect(customerLanguage('fr-FR, en;q=0.5, ar;q=0.7')).toBe('ar');
    expect(customerLanguage('en-GB', 'ar')).toBe('en');
    expect(customerLanguage('fr', 'ar')).toBe('ar');
    expect(customerLanguage(undefined, 'ar')).toBe('ar');
    expect(customerLanguage('ar;q=0', 'en')).toBe('en');
    expect(customerLanguage(undefined, null)).toBe('en');
  });
});

describe('command names', () => {
  it('has an Arabic name for every command and permission code', () => {
    const missing = Object.keys(commandSummaries).filter((code) => !commandNamesAr[code]);
    expect(missing).toEqual([]);
  });

  it('names no code that does not exist', () => {
    const unknown = Object.keys(commandNamesAr).filter((code) => !(code in commandSummaries));
    expect(unknown).toEqual([]);
  });

  it('shows a code as words, falling back to the English summary and then to the code', () => {
    expect(commandLabel('auth.login', 'en')).toBe('Sign in');
    expect(commandLabel('auth.login', 'ar')).toBe('تسجيل الدخول');
    expect(commandLabel('tier.create', 'ar')).toBe('إنشاء شريحة ولاء');
    expect(commandLabel('future.thing', 'ar')).toBe('future.thing');
  });
});
