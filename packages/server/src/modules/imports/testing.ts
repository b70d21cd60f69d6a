/** The imports area's test fixtures: a multipart upload body. */

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
