import { expect } from 'vitest';
import type { TestApp } from '../../test/app.ts';

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
