import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Tag } from './Tag.tsx';

describe('Tag', () => {
  it('takes a preset colour, and anything else is neutral', () => {
    render(
      <>
        <Tag color="green">Active</Tag>
        <Tag color="#123456">Custom</Tag>
      </>,
    );
    expect(screen.getByText('Active').className).toBe('tag tag-green');
    expect(screen.getByText('Custom').className).toBe('tag tag-default');
  });
});
