/** What the floor (pgbench) and the earn phase (wrk) share: an external C client, run with a script file. */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Whether `command` is installed (wrk prints its version on --version but exits 1; absent: ENOENT). */
export const installed = (command: string) =>
  run(command, ['--version']).then(
    () => true,
    (err: { stdout?: string }) => (err.stdout ?? '').startsWith(`${command} `),
  );

/** Runs `command` with `script` in a temporary file (`args` places it); answers what it printed. */
export async function runWithScript(
  command: string,
  script: { name: string; text: string },
  args: (file: string) => string[],
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `${command}-`));
  try {
    const file = path.join(dir, script.name);
    await writeFile(file, script.text);
    return (await run(command, args(file))).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
