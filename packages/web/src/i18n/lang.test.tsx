import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

import { describe, expect, it } from 'vitest';
import { LangLink } from '../components/LangLink.tsx';
import { dirOf, parseLang, useLangNavigate, withLang } from './lang.ts';

describe('parseLang', () => {
  it('accepts en and ar and falls back to en for anything else', () => {
    expect(parseLang('ar')).toBe('ar');
    expect(parseLang('en')).toBe('en');
    expect(parseLang('fr')).toBe('en');
    expect(parseLang('AR')).toBe('en');
    expect(parseLang(null)).toBe('en');
    expect(dirOf('ar')).toBe('rtl');
    expect(dirOf('en')).toBe('ltr');
  });
});

describe('withLang', () => {
  it('adds or replaces lang and keeps the rest of the link', () => {
    expect(withLang('/dashboard', 'ar')).toBe('/dashboard?lang=ar');
    expect(withLang('/dashboard/loyalty/tire?page=2&lang=en#top', 'ar')).toBe(
      '/dashboard/loyalty/tire?page=2&lang=ar#top',
    );
    expect(withLang('/dashboard?q=a', undefined)).toBe('/dashboard?q=a');
  });
});

function Where() {
  const location = useLocation();
  const navigate = useLangNavigate();
  return (
    <>
      <output>{location.pathname + location.search}</output>
      <LangLink to="/b">link</LangLink>
      <button type="button" onClick={() => navigate('/c?page=3')}>
        go
      </button>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '*', element: <Where /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
}

describe('links and navigate keep ?lang=', () => {
  it('carries lang=ar on links and navigate()', async () => {
    renderAt('/a?lang=ar');
    await userEvent.click(screen.getByRole('link', { name: 'link' }));
    expect(screen.getByRole('status').textContent).toBe('/b?lang=ar');
    await userEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(screen.getByRole('status').textContent).toBe('/c?page=3&lang=ar');
  });

  it('normalises an invalid lang to en', () => {
    renderAt('/a?lang=xx');
    expect(screen.getByRole('link', { name: 'link' }).getAttribute('href')).toBe('/b?lang=en');
  });

  it('adds nothing when the URL has no lang', () => {
    renderAt('/a');
    expect(screen.getByRole('link', { name: 'link' }).getAttribute('href')).toBe('/b');
  });
});
