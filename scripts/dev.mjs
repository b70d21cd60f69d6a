// `npm run dev`: the server with reload (tsx watch) and the web app with hot module replacement
// (Vite on :5173, proxying /api to the server on :3000). Ctrl-C stops both.
import { spawn } from 'node:child_process';

const run = (args) => spawn('npm', args, { stdio: 'inherit', env: process.env });
const children = [run(['run', 'dev', '-w', '@loyalty/server']), run(['run', 'dev', '-w', '@loyalty/web'])];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) {
  c.on('exit', (code) => {
    if (!code) return;
    stop();
    process.exit(code);
  });
}
