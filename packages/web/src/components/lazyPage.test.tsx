import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  LazyPage,
  lazyPage,
  PAGE_LOAD_TIMEOUT_MS,
  PageLoadError,
  type PageModule,
  withTimeout,
} from './lazyPage.tsx';

const page = (text: string): PageModule => ({ default: () => <p>{text}</p> });

describe('withTimeout', () => {
  it('rejects with PageLoadError once the time is up, and passes results through before', async () => {
    vi.useFakeTimers();
    const never = withTimeout(new Promise(() => {}), 1000);
    const settled = expect(never).rejects.toBeInstanceOf(PageLoadError);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    await expect(withTimeout(Promise.resolve('ok'), 1000)).resolves.toBe('ok');
  });

  it('uses the spec load timeout of 120 seconds', () => {
    expect(PAGE_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('LazyPage', () => {
  it('shows the loading overlay while loading, then the page', async () => {
    let resolve: (m: PageModule) => void = () => {};
    const loader = lazyPage(() => new Promise((r) => (resolve = r)));
    render(<LazyPage page={loader} />);
    expect(screen.getByTestId('loading-overlay')).toBeTruthy();
    await act(async () => resolve(page('Loaded page')));
    expect(await screen.findByText('Loaded page')).toBeTruthy();
  });

  it('shows an error with Retry after 120 s without the page; Retry imports again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true }); // real time still moves a little: keep a margin
    vi.spyOn(console, 'error').mockImplementation(() => {}); // React reports the caught load error
    const load = vi
      .fn<() => Promise<PageModule>>()
      .mockReturnValueOnce(new Promise(() => {}))
      .mockResolvedValueOnce(page('Second try'));
    render(<LazyPage page={lazyPage(load)} />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(PAGE_LOAD_TIMEOUT_MS - 1000);
    });
    expect(screen.queryByText('This page could not be loaded.')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(await screen.findByText('This page could not be loaded.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Second try')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows the error screen when the import fails (e.g. a new deploy removed the chunk)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<PageModule>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(page('Back again'));
    render(<LazyPage page={lazyPage(load)} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });
});
