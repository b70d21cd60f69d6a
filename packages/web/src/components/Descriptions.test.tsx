import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Descriptions } from './Descriptions.tsx';

describe('Descriptions', () => {
  it('lists labelled values from items and from written-out items, in columns per breakpoint', () => {
    const { container } = render(
      <Descriptions column={{ xs: 1, md: 3 }} items={[{ key: 'name', label: 'Name', children: 'Layla' }]}>
        <Descriptions.Item label="Tier">Gold</Descriptions.Item>
        <Descriptions.Item label="Products" span="filled">
          Card
        </Descriptions.Item>
      </Descriptions>,
    );
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Tier', 'Products']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual([
      'Layla',
      'Gold',
      'Card',
    ]);
    const list = container.querySelector('dl') as HTMLElement;
    expect(list.style.getPropertyValue('--descriptions-sm')).toBe('1');
    expect(list.style.getPropertyValue('--descriptions-md')).toBe('3');
    expect(list.style.getPropertyValue('--descriptions-xxl')).toBe('3');
  });

  it('a last value fills its row from its own label: the cells it spans counted per breakpoint', () => {
    render(
      <Descriptions column={{ xs: 1, md: 2 }}>
        <Descriptions.Item label="Status">Paused</Descriptions.Item>
        <Descriptions.Item label="Description">CRM</Descriptions.Item>
        <Descriptions.Item label="Events">3</Descriptions.Item>
        <Descriptions.Item label="Failing since">—</Descriptions.Item>
        <Descriptions.Item label="Previous secret valid until">—</Descriptions.Item>
      </Descriptions>,
    );
    const [last] = screen.getAllByRole('definition').slice(-1) as [HTMLElement];
    // Two pairs a row from md: the fifth value starts the third row, so it spans its own cell and
    // the next pair's two (not the last column alone); one pair a row below md: one cell.
    expect(last.className).toBe('descriptions-fill');
    expect(last.style.getPropertyValue('--descriptions-fill-md')).toBe('3');
    expect(last.style.getPropertyValue('--descriptions-fill-xs')).toBe('1');
    const [first] = screen.getAllByRole('definition') as [HTMLElement];
    expect(first.className).toBe('');
  });
});
