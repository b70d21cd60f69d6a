import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { installFakeApi, ok } from '../test/fakeApi.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { CommandName } from './CommandName.tsx';
import { LocalName, localName, RecordName } from './localized.tsx';
import { listChoices } from './resource.ts';

const gold = { id: 1, name: 'Gold', nameAr: 'ذهبي' };
const plain = { id: 2, name: 'Plain', nameAr: '' };

describe('bilingual records', () => {
  it('show the Arabic on the Arabic screen, the English otherwise, and the English when untranslated', async () => {
    const { rerender } = render(
      <>
        <LocalName record={gold} />|<LocalName record={plain} />
      </>,
    );
    expect(document.body.textContent).toBe('Gold|Plain');
    await act(() => i18n.changeLanguage('ar'));
    rerender(
      <>
        <LocalName record={gold} />|<LocalName record={plain} />
      </>,
    );
    expect(document.body.textContent).toBe('ذهبي|Plain');
  });

  it('label loaded choices in the screen’s language', async () => {
    installFakeApi().use(({ method, path }) =>
      method === 'GET' && path === '/api/admin/tiers'
        ? ok({ items: [gold, plain], total: 2, page: 1, pageSize: 20 })
        : undefined,
    );
    await act(() => i18n.changeLanguage('ar'));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChoiceSelect
          aria-label="tier"
          options={listChoices<typeof gold>({
            key: 'tiers-l10n',
            path: '/api/admin/tiers',
            label: (t, lang) => localName(t, lang),
          })}
        />
      </QueryClientProvider>,
    );
    await userEvent.setup().click(screen.getByRole('combobox'));
    expect(await screen.findByRole('option', { name: 'ذهبي' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Plain' })).toBeTruthy();
  });
});

describe('codes as words', () => {
  it('names commands and records in the screen’s language, keeping the code at hand', async () => {
    const { rerender } = render(
      <>
        <CommandName code="auth.login" />|<RecordName type="tier" id="5" />|<CommandName code="x.unknown" />
      </>,
    );
    expect(document.body.textContent).toBe('Sign in|Tier #5|x.unknown');
    expect(screen.getByTitle('auth.login').textContent).toBe('Sign in');
    await act(() => i18n.changeLanguage('ar'));
    rerender(
      <>
        <CommandName code="auth.login" />|<RecordName type="tier" id="5" />|<RecordName type="newThing" />
      </>,
    );
    expect(document.body.textContent).toBe('تسجيل الدخول|شريحة #5|newThing');
  });
});
