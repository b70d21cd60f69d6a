import { type ExportFormat, exportFormats } from '@loyalty/contracts';
import { apiCredentials, atApiBase, type Query, toApiError } from './client.ts';

export { type ExportFormat, exportFormats };

/**
 * Downloads the export of a list (`<path>` is its `/export` route) for the list's query — search,
 * filters and sort; paging is left out, every matching row comes — in the format asked, under
 * the file name the server gives. The request carries the token; a refusal is an ApiError.
 */
export async function downloadFile(
  path: string,
  query: Query,
  token: string | null,
  fallbackName: string,
  format: ExportFormat = 'csv',
): Promise<void> {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== '' && !['page', 'pageSize', 'format'].includes(k)) params.set(k, String(v));
  }
  params.set('format', format);
  const res = await fetch(atApiBase(`${path}?${params}`), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: apiCredentials(),
  });
  if (!res.ok) throw await toApiError(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked once the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
