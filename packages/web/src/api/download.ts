import type { Query } from './client.ts';

/**
 * Downloads an export (a CSV of a list) for these filters, under the file name the server gives:
 * paging and sort are left out, the request carries the token.
 */
export async function downloadFile(
  path: string,
  query: Query,
  token: string | null,
  fallbackName: string,
): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '' && !['page', 'pageSize', 'sort'].includes(k)) params.set(k, String(v));
  }
  const res = await fetch(`${path}?${params}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) throw new Error(`export failed: ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
