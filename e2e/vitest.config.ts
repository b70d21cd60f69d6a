import { defineConfig } from 'vitest/config';

// End-to-end: the built product (server + web) on a fresh embedded database, driven in
// Debian's Chromium through playwright-core. Each file has its own server on its own copy of the
// template database (server.ts, ownProduct.ts); one file at a time on this 2-core machine.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./server.ts'],
    setupFiles: ['./ownProduct.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for the screen to catch up (a list refetching after a filter): Vitest's
    // default of one second failed once under load (analytics.e2e, load average 8.6, 2026-11-26).
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
