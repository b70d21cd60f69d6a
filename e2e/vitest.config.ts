import { defineConfig } from 'vitest/config';

// End-to-end: the built product (server + web) on a fresh embedded database, driven in
// Debian's Chromium through playwright-core. One file at a time: they share one server.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./server.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
