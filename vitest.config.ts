import { defineConfig } from 'vitest/config';

// One runner, three projects. The server project runs the API suite on embedded PGlite,
// or on PostgreSQL when DATABASE_URL is set (each test file gets a fresh schema).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          include: ['src/**/*.test.ts'],
          globalSetup: ['src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './packages/web/vite.config.ts',
    ],
  },
});
