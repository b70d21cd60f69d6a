import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LegalText } from './LegalText.tsx';

describe('LegalText', () => {
  it('draws the editor’s tags and nothing else: no script, no handler, no unsafe link', () => {
    const html =
      '<h2>Points</h2><p>Safe <strong>text</strong> and <em>more</em><script>alert(1)</script>' +
      '<img src=x onerror="alert(2)"></p><ul><li>One</li></ul>' +
      '<p><a href="https://bank.example/terms" onclick="alert(3)">terms</a> <a href="javascript:alert(4)">bad</a></p>';
    const { container } = render(<LegalText html={html} dir="ltr" label="Terms" />);
    const doc = screen.getByRole('document', { name: 'Terms' });
    expect(doc.getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('heading', { level: 2, name: 'Points' })).toBeTruthy();
    expect(screen.getByText('text').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem').textContent).toBe('One');
    const link = screen.getByRole('link', { name: 'terms' });
    expect(link.getAttribute('href')).toBe('https://bank.example/terms');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.getAttribute('onclick')).toBeNull();
    // The unsafe link keeps its words, not its address; the script its nothing.
    expect(screen.getByText('bad').closest('a')?.hasAttribute('href')).toBe(false);
    expect(container.querySelector('script, img, [onerror]')).toBeNull();
    expect(doc.textContent).not.toContain('alert(1)');
  });
});
