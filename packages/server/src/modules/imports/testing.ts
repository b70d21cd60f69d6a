import { expect } from 'vitest';
import type { TestApp } from '../../test/app.ts';
import { channel, programmeFixtures } from '../loyalty/testing.ts';
import { IMPORT_POST_JOB, IMPORT_STAGE_JOB } from './imports.service.ts';

/** The imports area's test fixtures: a multipart upload body, and posting put under maker-checker. */

/** Puts `import.post` under maker-checker (before a second checker exists: it is a safeguard). */
export async function gateImportPosting(t: TestApp, admin: { authorization: string }) {
  const gate = await t.inject({
    method: 'PUT',
    url: '/api/admin/maker-checker',
    as: admin,
    payload: {
      enabled: true,
      allowSelfApproval: false,
      checkerPermission: 'approval.check',
      services: [{ serviceId: 'import.post', approvalRequired: true }],
    },
  });
  expect(gate.statusCode).toBe(200);
}

/** A multipart body: the file and the upload's options. */
export function form(file: string | Uint8Array, fields: Record<string, string> = {}, filename = 'day.csv') {
  const boundary = `----imports${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof file === 'string' ? Buffer.from(file) : Buffer.from(file),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A programme to import earnings into: the Blue tier, SPEND at a point a riyal, and these customers (by the POS key). */
export async function spendProgramme(t: TestApp, customerNumbers: string[]) {
  const admin = await t.signIn();
  const fx = programmeFixtures(t, admin);
  await fx.tier('Blue', 0, 1_000_000);
  const spend = await fx.type('SPEND');
  await fx.rule({ transactionTypeId: spend.id, amount: 1, pointsPerTransaction: 1 });
  const pos = channel(t, await fx.apiKey(['customers'], 'POS'));
  for (const c of customerNumbers) {
    expect((await pos('PUT', `/customers/${c}`, { fullName: `Customer ${c}` })).statusCode).toBe(201);
  }
  return { admin, fx };
}

type As = { authorization: string };

/** Posts an import as the maker (held: 202) and approves it as the checker. */
export async function postApproved(t: TestApp, id: number, maker: As, checker: As) {
  const held = await t.inject({ method: 'POST', url: `/api/admin/imports/${id}/post`, as: maker });
  expect(held.statusCode).toBe(202);
  const approved = await t.inject({
    method: 'POST',
    url: `/api/admin/approval-requests/${held.json().requestId}/approve`,
    as: checker,
  });
  expect(approved.statusCode).toBe(200);
}

/**
 * Posts an import as the maker (held: 202), approves it as the checker, and runs the posting job
 * until the import leaves QUEUED and POSTING (as the runner's own next ticks would: on a loaded
 * machine one tick has found it still QUEUED). Answers the import.
 */
export async function approveAndRun(t: TestApp, id: number, maker: As, checker: As) {
  await postApproved(t, id, maker, checker);
  for (let tries = 0; ; tries++) {
    await t.app.jobs.settled();
    await t.app.jobs.requestRun(IMPORT_POST_JOB);
    await t.app.jobs.tick(IMPORT_POST_JOB);
    await t.app.jobs.settled();
    const now = (await t.inject({ method: 'GET', url: `/api/admin/imports/${id}`, as: checker })).json();
    if (tries >= 4 || (now.status !== 'QUEUED' && now.status !== 'POSTING')) return now;
  }
}

/** Runs the staging job, then the posting job, as the runner's next ticks would. */
export async function runImportJobs(t: TestApp) {
  await t.app.jobs.settled();
  for (const job of [IMPORT_STAGE_JOB, IMPORT_POST_JOB]) {
    await t.app.jobs.requestRun(job);
    await t.app.jobs.tick(job);
    await t.app.jobs.settled();
  }
}

/**
 * Runs the staging job until the import has left RECEIVED and STAGING (as the runner's next ticks
 * would: a staff upload is staged by the job). Answers the import.
 */
export async function stageImport(t: TestApp, id: number, as: As) {
  for (let tries = 0; ; tries++) {
    await t.app.jobs.settled();
    await t.app.jobs.requestRun(IMPORT_STAGE_JOB);
    await t.app.jobs.tick(IMPORT_STAGE_JOB);
    await t.app.jobs.settled();
    const now = (await t.inject({ method: 'GET', url: `/api/admin/imports/${id}`, as })).json();
    if (tries >= 4 || (now.status !== 'RECEIVED' && now.status !== 'STAGING')) return now;
  }
}

type Answer = { statusCode: number; body: string; json(): ReturnType<JSON['parse']> };

/**
 * A staff upload's answer once the job staged it: an upload refused in its request (409, 400…)
 * as answered; one received (201, RECEIVED) with the import as staged (VALIDATED, INVALID or
 * REFUSED with the file's fault in `error`).
 */
export async function staged(t: TestApp, res: Answer, as: As): Promise<Answer> {
  if (res.statusCode !== 201) return res;
  expect(res.json().status).toBe('RECEIVED');
  const imp = await stageImport(t, res.json().id, as);
  return { statusCode: res.statusCode, body: JSON.stringify(imp), json: () => imp };
}

/**
 * The fault of a file refused whole by the staging job (REFUSED; what the upload answered 400
 * CSV_INVALID when it was staged in the request): `{ path, message }` from its `error`.
 */
export function fileFaultOf(imp: { status: string; error: string | null }) {
  expect(imp.status, imp.error ?? '').toBe('REFUSED');
  const [path, message] = (imp.error ?? '').split('\n').at(-1)?.split(': ') ?? [];
  return { path, message };
}
