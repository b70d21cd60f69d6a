import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, page } from '../../../test/fakeApi.ts';
import { renderApp } from '../../../test/renderApp.tsx';

const permissions = ['transactionType.read', 'transactionType.create', 'transactionType.update'];

function install() {
  return installFakeApi({ permissions: permissions }).use(({ method, url, body }) => {
    if (url.pathname !== '/api/admin/transaction-types') return undefined;
    if (method === 'POST')
      return { status: 201, body: { id: 9, ...(body as object), createdAt: '', updatedAt: '' } };
    return { status: 200, body: page([]) };
  });
}

async function toast(text: string) {
  await waitFor(async () =>
    expect((await screen.findAllByTestId('toast')).map((t) => t.textContent).join(' | ')).toContain(text),
  );
}

describe('transaction type screens', () => {
  it("asks to fill all fields: 'Please fill all fields.'", async () => {
    const api = install();
    await renderApp('/dashboard/loyalty/transaction-create');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 }));
    await toast('Please fill all fields.');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates a type with its kind and code', async () => {
    const api = install();
    await renderApp('/dashboard/loyalty/transaction-create');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Name', {}, { timeout: 10_000 }), 'Card purchase');
    await u.type(screen.getByLabelText('Description'), 'POS card spend');
    await u.click(screen.getByLabelText('Type'));
    await u.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: 'Earn' }));
    await u.type(screen.getByLabelText('Code'), 'card_spend');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await toast('Transaction type created');
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Card purchase',
      nameAr: '',
      description: 'POS card spend',
      descriptionAr: '',
      type: 'EARN',
      code: 'CARD_SPEND',
    });
  });
});
