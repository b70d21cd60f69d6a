import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../test/fakeApi.ts';
import { ChoiceSelect } from './ChoiceSelect.tsx';
import { CHOICES_PAGE_SIZE, fixedChoices, listChoices } from './resource.ts';

interface Thing {
  id: number;
  name: string;
}
const things: Thing[] = Array.from({ length: 250 }, (_, i) => ({ id: i + 1, name: `Thing ${i + 1}` }));

/** 250 things behind a list endpoint that searches by name, and a record endpoint. */
function installThings() {
  return installFakeApi().use(({ method, path, url }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/admin/stores') {
      const q = url.searchParams.get('q') ?? '';
      const pageSize = Number(url.searchParams.get('pageSize'));
      const found = things.filter((t) => t.name.includes(q));
      return ok({ items: found.slice(0, pageSize), total: found.length, page: 1, pageSize });
    }
    const id = Number(path.match(/^\/api\/admin\/stores\/(\d+)$/)?.[1]);
    const thing = things.find((t) => t.id === id);
    return thing ? ok(thing) : undefined;
  });
}

const thingChoices = listChoices<Thing>({ key: 'things', path: '/api/admin/stores', label: (t) => t.name });

function renderSelect(node: React.ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
}

async function open() {
  await userEvent.setup().click(screen.getByRole('combobox'));
}

const option = (name: string) => screen.queryByRole('option', { name });
const findOption = (name: string) => screen.findByRole('option', { name });

describe('ChoiceSelect', () => {
  it("shows the selected record's label even when it is not on the first page (fetched by id)", async () => {
    const api = installThings();
    renderSelect(<ChoiceSelect options={thingChoices} value={242} aria-label="Thing" />);
    expect(await screen.findByDisplayValue('Thing 242')).toBeTruthy();
    expect(api.callsTo('GET /api/admin/stores/242')).toHaveLength(1);
    const first = api.callsTo('GET /api/admin/stores')[0];
    expect(new URLSearchParams(first?.search).get('pageSize')).toBe(String(CHOICES_PAGE_SIZE));
  });

  it('labels several selected records, fetching by id only those beyond the first page, one by one', async () => {
    const api = installThings();
    renderSelect(
      <ChoiceSelect mode="multiple" options={thingChoices} value={[3, 242]} aria-label="Things" />,
    );
    expect(await screen.findByText('Thing 242')).toBeTruthy();
    expect(screen.getByText('Thing 3')).toBeTruthy();
    // Not `GET …/stores/3,242`, nor `GET …/stores/` for an empty selection.
    expect(api.calls.filter((c) => c.method === 'GET').map((c) => c.path)).toEqual([
      '/api/admin/stores',
      '/api/admin/stores/242',
    ]);
  });

  it('asks for no record when a multiple select is empty', async () => {
    const api = installThings();
    renderSelect(<ChoiceSelect mode="multiple" options={thingChoices} value={[]} aria-label="Things" />);
    await open();
    expect(await findOption('Thing 1')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/admin/stores')).toHaveLength(1));
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/stores/'))).toEqual([]);
  });

  it('searches the server as the user types (debounced), beyond the first page', async () => {
    const api = installThings();
    renderSelect(<ChoiceSelect options={thingChoices} aria-label="Thing" />);
    await open();
    expect(await findOption('Thing 1')).toBeTruthy();
    expect(option('Thing 199')).toBeNull();
    await userEvent.setup().type(screen.getByRole('combobox'), '199');
    expect(await findOption('Thing 199')).toBeTruthy();
    // One request for the whole word, not one per keystroke.
    await waitFor(() =>
      expect(api.callsTo('GET /api/admin/stores').map((c) => new URLSearchParams(c.search).get('q'))).toEqual(
        [null, '199'],
      ),
    );
    expect(option('Thing 1')).toBeNull();
  });

  it('keeps fixed choices: translated, filtered in the browser, no request', async () => {
    const api = installFakeApi();
    renderSelect(
      <ChoiceSelect options={fixedChoices(['ACTIVE', 'DISABLED'], 'common.status')} aria-label="Status" />,
    );
    await open();
    expect(await findOption('Active')).toBeTruthy();
    expect(option('Disabled')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
