import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable, pagesAround } from './DataTable.tsx';

interface Row {
  id: number;
  name: string;
  points: number;
}
const rows: Row[] = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Row ${i + 1}`,
  points: i * 10,
}));
const columns: DataColumn<Row>[] = [
  { key: 'name', dataIndex: 'name', title: 'Name' },
  { key: 'points', title: 'Points', render: (_, r) => `${r.points} pts` },
];
const bodyRows = () => screen.getAllByRole('row').filter((r) => r.hasAttribute('data-row-key'));
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]?.textContent);

describe('DataTable', () => {
  it('pages its own rows when the server gives no total, with "1–10 of 23"', async () => {
    const u = userEvent.setup();
    const { rerender } = render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 10, showTotal: (total, [from, to]) => `${from}–${to} of ${total}` }}
      />,
    );
    expect(names()).toEqual(rows.slice(0, 10).map((r) => r.name));
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(names()).toEqual(['Row 21', 'Row 22', 'Row 23']);
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Next page' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('cell', { name: '220 pts' })).toBeTruthy();
    // Fewer rows after a refetch: the last page there is.
    rerender(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows.slice(0, 12)}
        pagination={{ pageSize: 10 }}
      />,
    );
    expect(names()).toEqual(['Row 11', 'Row 12']);
  });

  it('asks for the server page, page size and sort the way antd did: ascending, descending, none', async () => {
    const u = userEvent.setup();
    const onChange = vi.fn();
    const table = (sortOrder: 'ascend' | 'descend' | null) => (
      <DataTable<Row>
        rowKey="id"
        columns={[
          { ...columns[0], sorter: true, sortOrder } as DataColumn<Row>,
          columns[1] as DataColumn<Row>,
        ]}
        dataSource={rows.slice(0, 10)}
        pagination={{ current: 2, pageSize: 10, total: 95, showSizeChanger: true }}
        onChange={onChange}
      />
    );
    const { rerender } = render(table(null));
    await u.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(onChange).toHaveBeenLastCalledWith(
      { current: 2, pageSize: 10 },
      {},
      { columnKey: 'name', order: 'ascend' },
    );
    rerender(table('ascend'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    await u.click(screen.getByRole('button', { name: /Name/ }));
    expect(onChange).toHaveBeenLastCalledWith(
      { current: 2, pageSize: 10 },
      {},
      { columnKey: 'name', order: 'descend' },
    );
    rerender(table('descend'));
    await u.click(screen.getByRole('columnheader', { name: /Name/ }));
    expect(onChange).toHaveBeenLastCalledWith({ current: 2, pageSize: 10 }, {}, {});
    // The sort stays when the page or its size changes; a new size starts at page 1.
    await u.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange).toHaveBeenLastCalledWith(
      { current: 10, pageSize: 10 },
      {},
      { columnKey: 'name', order: 'descend' },
    );
    await u.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(onChange).toHaveBeenLastCalledWith(
      { current: 1, pageSize: 50 },
      {},
      { columnKey: 'name', order: 'descend' },
    );
  });

  it('selects rows, all of a page at once, and skips the disabled ones', async () => {
    const u = userEvent.setup();
    function Selecting() {
      const [keys, setKeys] = useState<React.Key[]>([]);
      return (
        <DataTable<Row>
          rowKey="id"
          columns={columns}
          dataSource={rows.slice(0, 4)}
          rowSelection={{
            selectedRowKeys: keys,
            onChange: setKeys,
            getCheckboxProps: (r) => ({ disabled: r.id === 4, 'aria-label': `Select ${r.name}` }),
          }}
        />
      );
    }
    render(<Selecting />);
    await u.click(screen.getByRole('checkbox', { name: 'Select Row 2' }));
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await u.click(all);
    const checked = screen.getAllByRole<HTMLInputElement>('checkbox').filter((b) => b.checked);
    expect(checked.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Select all rows on this page',
      'Select Row 1',
      'Select Row 2',
      'Select Row 3',
    ]);
    expect(bodyRows().filter((r) => r.classList.contains('selected'))).toHaveLength(3);
    await u.click(all);
    expect(screen.getAllByRole<HTMLInputElement>('checkbox').some((b) => b.checked)).toBe(false);
  });

  it('opens a row for its details and closes it again', async () => {
    const u = userEvent.setup();
    render(
      <DataTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={rows.slice(0, 2)}
        expandable={{ expandedRowRender: (r) => `Details of ${r.name}` }}
      />,
    );
    const [first] = screen.getAllByRole('button', { name: 'Expand row' });
    await u.click(first as HTMLElement);
    expect(screen.getByText('Details of Row 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Collapse row' }).getAttribute('aria-expanded')).toBe('true');
    await u.click(screen.getByRole('button', { name: 'Collapse row' }));
    expect(screen.queryByText('Details of Row 1')).toBeNull();
  });

  it("says 'No records found' when there are no rows, or the screen's own text", () => {
    const { rerender } = render(<DataTable<Row> rowKey="id" columns={columns} dataSource={[]} />);
    expect(screen.getByRole('cell', { name: 'No records found' })).toBeTruthy();
    rerender(
      <DataTable<Row> rowKey="id" columns={columns} dataSource={[]} locale={{ emptyText: 'Nothing yet' }} />,
    );
    expect(screen.getByRole('cell', { name: 'Nothing yet' })).toBeTruthy();
  });
});

describe('pagesAround', () => {
  it('shows the first and last pages, two on each side of the current one, and gaps', () => {
    expect(pagesAround(1, 1)).toEqual([1]);
    expect(pagesAround(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pagesAround(6, 20)).toEqual([1, undefined, 4, 5, 6, 7, 8, undefined, 20]);
    // A gap of one page shows that page.
    expect(pagesAround(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, undefined, 20]);
    expect(pagesAround(20, 20)).toEqual([1, undefined, 18, 19, 20]);
  });
});
