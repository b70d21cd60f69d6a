import { contentCatalogue, type LegalDocument } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, page } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const version = (id: number, v: number, status: LegalDocument['status'], words: string): LegalDocument => ({
  id,
  kind: 'TERMS',
  version: v,
  titleEn: `Terms v${v}`,
  titleAr: `الشروط ${v}`,
  bodyEn: `<p>${words}</p>`,
  bodyAr: `<p>نص ${words}</p>`,
  effectiveDate: '2026-01-01',
  status,
  publishedAt: status === 'DRAFT' ? null : '2025-12-01T00:00:00.000Z',
  publishedBy: status === 'DRAFT' ? null : 'admin',
  acceptances: status === 'PUBLISHED' ? 12 : 0,
  ...stamp,
});
const published = version(1, 1, 'PUBLISHED', 'Points expire after 24 months.');
const draft = version(2, 2, 'DRAFT', 'Points expire after 36 months.');

function contentApi() {
  const api = installFakeApi();
  api.me.permissions = contentCatalogue.commands
    .map((c) => c.name)
    .concat(contentCatalogue.reads.map((r) => r.code));
  api.use((req) => {
    if (req.method === 'GET' && req.path === '/api/admin/legal-documents')
      return ok(page(req.url.searchParams.get('status') === 'PUBLISHED' ? [published] : [draft, published]));
    if (req.method === 'GET' && req.path === '/api/admin/legal-documents/2/diff')
      return ok({
        from: { id: 1, version: 1 },
        to: { id: 2, version: 2 },
        en: [
          { value: 'Points expire after ', added: false, removed: false },
          { value: '24', added: false, removed: true },
          { value: '36', added: true, removed: false },
          { value: ' months.', added: false, removed: false },
        ],
        ar: [],
      });
    if (req.method === 'POST' && req.path === '/api/admin/legal-documents/2/publish')
      return ok({ ...draft, status: 'PUBLISHED' });
    return undefined;
  });
  return api;
}

describe('terms (/dashboard/application/terms)', () => {
  it('shows the published version, compares a draft with it and publishes the draft', async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/terms');
    expect(await screen.findByText('Published version')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Terms v1' })).toBeTruthy();
    const u = userEvent.setup();
    const row = (await screen.findByText('Terms v2')).closest('tr') as HTMLElement;
    await u.click(within(row).getByRole('button', { name: 'Compare with published' }));
    const diff = await screen.findByTestId('legal-diff-en');
    await waitFor(() => expect(diff.querySelector('del')?.textContent).toBe('24'));
    expect(diff.querySelector('ins')?.textContent).toBe('36');

    await u.click(within(row).getByRole('button', { name: 'Publish' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(api.callsTo('POST /api/admin/legal-documents/2/publish')).toHaveLength(1));
  });
});

describe('new terms (/dashboard/application/create-condation)', () => {
  it("says 'Please fill all fields.' and sends nothing", async () => {
    const api = contentApi();
    await renderApp('/dashboard/application/create-condation');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save draft' }));
    expect((await screen.findAllByText('Please fill all fields.')).length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: 'Text (Arabic)' }).getAttribute('dir')).toBe('rtl');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
