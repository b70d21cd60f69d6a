import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Vendor groups: big libraries that change rarely get their own long-cacheable chunks;
// every page is a lazy chunk of its own (see src/app/lazyPage.tsx).
const vendorGroups = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion|dayjs|stylis)[\\/]/, priority: 20 },
  {
    name: 'data',
    test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect|@tanstack|i18next|react-i18next|zod)[\\/]/,
    priority: 10,
  },
];

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
