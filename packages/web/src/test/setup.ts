import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { i18n, loadAllLanguages } from '../i18n/index.ts';

// The app loads its strings on demand; tests have every string of both languages from the start.
await loadAllLanguages();
await i18n.changeLanguage('en');

// Pages are lazy modules that Vite transforms on first import: allow for a cold start.
configure({ asyncUtilTimeout: 15_000 });

// jsdom lacks a few browser APIs antd relies on.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
// antd injects thousands of CSS rules, and jsdom matches all of them on every getComputedStyle
// call (which role queries make for each element), so tests took seconds per query. Inline styles
// are what jsdom can honour meaningfully anyway; pseudo-elements are not implemented by jsdom.
window.getComputedStyle = (element: Element) => (element as HTMLElement).style;

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

// jsdom's CSS parser refuses a custom property with an empty value, which antd's Tabs writes
// (`--ant-tabs-horizontal-item-margin:;`, valid CSS) and logs "Could not parse CSS stylesheet" for
// every tab bar. That one error is dropped; every other jsdom error still reaches the console.
type Listener = (error: Error & { type?: string; sheetText?: string }) => void;
const virtualConsole = (
  window as unknown as {
    jsdom: {
      virtualConsole: {
        listeners(event: string): Listener[];
        removeAllListeners(event: string): void;
        on(event: string, listener: Listener): void;
      };
    };
  }
).jsdom.virtualConsole;
const forwardJsdomError = virtualConsole.listeners('jsdomError');
virtualConsole.removeAllListeners('jsdomError');
virtualConsole.on('jsdomError', (error) => {
  const emptyCustomProperty = error.type === 'css-parsing' && /--[\w-]+:;/.test(error.sheetText ?? '');
  if (!emptyCustomProperty) for (const forward of forwardJsdomError) forward(error);
});
