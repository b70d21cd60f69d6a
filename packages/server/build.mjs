// Bundles the server into dist/main.js and its import staging thread into dist/stagingWorker.js
// (workspace sources inlined, npm packages left external) and copies the SQL migrations and the database functions' sources beside it.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies }).filter(
  (name) => !name.startsWith('@loyalty/'),
);

rmSync('dist', { recursive: true, force: true });
await build({
  // The server, and the worker thread staging import files (modules/imports/stagingThread.ts).
  entryPoints: { main: 'src/main.ts', stagingWorker: 'src/modules/imports/stagingWorker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
cpSync('src/db/functions', 'dist/functions', { recursive: true });
console.log('server built: packages/server/dist/main.js');
