import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { defineConfig } from 'vitest/config';

// Vendor groups: big libraries that change rarely get their own long-cacheable chunks;
// every page is a lazy chunk of its own (see src/app/lazyPage.tsx).
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  // antd's runtime that every screen needs (theme, CSS-in-JS, config); components stay with the
  // pages that use them, so the login page does not download the table.
  {
    name: 'antd-core',
    test: /node_modules[\\/](@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)|@rc-component[\\/](util|motion|portal|resize-observer|context)|antd[\\/]es[\\/](config-provider|theme|_util|style|locale|version))[\\/]/,
    priority: 20,
  },
  {
    name: 'data',
    test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|@tanstack|i18next|react-i18next|zod)[\\/]/,
    priority: 10,
  },
];

// The API server of `npm run dev`: the same PORT, on the loopback address it listens on by default.
const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // Brotli and gzip copies beside each file, made once at build time and sent by the server
  // (@fastify/static's preCompressed) to browsers that accept them: nothing compresses per request.
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, logLevel: 'silent' }),
  ],
  server: { proxy: { '/api': api } },
  preview: { proxy: { '/api': api } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: each chunk's static and lazy imports, read by `npm run size`.
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 60_000,
  },
});
