import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Typography } from './Typography.tsx';

describe('Typography', () => {
  it('copies its text, or the text it is given, and says so', async () => {
    const u = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(
      <>
        <Typography.Text code copyable>
          {'{{name}}'}
        </Typography.Text>
        <Typography.Paragraph copyable={{ text: 'secret-key' }}>Your key</Typography.Paragraph>
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Copy' });
    await u.click(first as HTMLElement);
    expect(writeText).toHaveBeenLastCalledWith('{{name}}');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    await u.click(second as HTMLElement);
    expect(writeText).toHaveBeenLastCalledWith('secret-key');
    expect(screen.getByText('{{name}}').tagName).toBe('CODE');
  });

  it('draws tones, strong text, headings of their level, a cut line with its whole as tooltip', () => {
    render(
      <>
        <Typography.Text type="secondary" strong>
          Grey
        </Typography.Text>
        <Typography.Title level={4}>Heading</Typography.Title>
        <Typography.Text ellipsis={{ tooltip: 'A long message' }}>A long message</Typography.Text>
      </>,
    );
    const grey = screen.getByText('Grey');
    expect(grey.tagName).toBe('STRONG');
    expect(grey.parentElement?.className).toBe('typography secondary');
    expect(screen.getByRole('heading', { level: 4, name: 'Heading' })).toBeTruthy();
    const cut = screen.getByText('A long message');
    expect(cut.className).toBe('typography ellipsis');
    expect(cut.getAttribute('title')).toBe('A long message');
  });

  it('draws a link that acts as a button the keyboard reaches', async () => {
    const u = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Typography.Link code onClick={onClick} title="Insert">
        {'{{points}}'}
      </Typography.Link>,
    );
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: '{{points}}' }));
    await u.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledOnce();
  });
});
