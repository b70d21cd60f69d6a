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
});
