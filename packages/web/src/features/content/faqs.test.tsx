import { contentCatalogue, type Faq } from '@loyalty/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { moveOf } from './faqs/FaqListPage.tsx';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const faq = (id: number, position: number, question: string, lang = 'en'): Faq => ({
  id,
  position,
  question,
  answer: `Answer ${id}`,
  lang: lang as Faq['lang'],
  category: 'Points',
  status: 'ACTIVE',
  ...stamp,
});
const english = [
  faq(1, 1, 'How do I earn points?'),
  faq(2, 2, 'When do points expire?'),
  faq(3, 3, 'Can I transfer points?'),
];
const arabic = [faq(7, 1, 'كيف أكسب النقاط؟', 'ar')];

function contentApi() {
  const api = installFakeApi();
  api.me.permissions = contentCatalogue.commands
    .map((c) => c.name)
    .concat(contentCatalogue.reads.map((r) => r.code));
  api.use((req) =>
    req.method === 'GET' && req.path === '/api/admin/faqs'
      ? ok(page(req.url.searchParams.get('lang') === 'ar' ? arabic : english))
      : undefined,
  );
  return api;
}

describe('moveOf', () => {
  it('puts a dragged entry before its new next neighbour, or after the last one', () => {
    expect(moveOf(english, 3, 1)).toEqual({ id: 3, beforeId: 1 });
    expect(moveOf(english, 1, 2)).toEqual({ id: 1, beforeId: 3 });
    expect(moveOf(english, 1, 3)).toEqual({ id: 1, afterId: 3 });
    expect(moveOf(english, 2, 2)).toBeUndefined();
  });
});

describe('FAQ (/dashboard/application/questions)', () => {
  it('lists the entries of the screen language in order, and of the other language on request', async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/questions');
    expect(await screen.findByText('When do points expire?')).toBeTruthy();
    expect(api.callsTo('GET /api/admin/faqs')[0]?.search).toContain('sort=position%3Aasc');
    await userEvent.setup().click(screen.getByText('Arabic'));
    expect(await screen.findByText('كيف أكسب النقاط؟')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Drag to reorder' })).toHaveLength(1);
  });
});

describe('create question (/dashboard/application/create-question)', () => {
  it("says 'Question is Required' and 'Answer is Required' and sends nothing", async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/create-question');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Question is Required')).toBeTruthy();
    expect(await screen.findByText('Answer is Required')).toBeTruthy();
    await waitFor(() => expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]));
  });
});
