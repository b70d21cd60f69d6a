import {
  type FileLayout,
  type FileLayoutPreview,
  type Import,
  type ImportPreview,
  localName,
  type Voucher,
  voucherResource,
} from '@loyalty/contracts';
import { downloadFile } from '../../api/download.ts';
import { resourceEndpoint } from '../../api/resource.ts';
import { apiGet, apiSend, apiWrite } from '../../api/typed.ts';
import { listChoices } from '../../components/resource.ts';

/** The vouchers whose codes their partner supplies: where a voucher-codes file is loaded. */
export const suppliedVoucherChoices = listChoices<Voucher>({
  key: 'vouchers-supplied',
  path: resourceEndpoint(voucherResource),
  query: { sort: 'name:asc', codeSource: 'SUPPLIED' },
  label: (v, lang) => localName(v, lang),
});

/** The imports' calls beyond the list. */
export const importsApi = {
  get: (id: number, signal?: AbortSignal): Promise<Import> =>
    apiGet('/api/admin/imports/{id}', { path: { id }, signal }),
  preview: (id: number, signal?: AbortSignal): Promise<ImportPreview> =>
    apiGet('/api/admin/imports/{id}/preview', { path: { id }, signal }),
  upload: (body: FormData) => apiSend('post', '/api/admin/imports', { body }),
  post: (id: number) => apiWrite('post', '/api/admin/imports/{id}/post', { path: { id } }),
  pause: (id: number) => apiWrite('post', '/api/admin/imports/{id}/pause', { path: { id } }),
  resume: (id: number) => apiWrite('post', '/api/admin/imports/{id}/resume', { path: { id } }),
  layouts: async (signal?: AbortSignal): Promise<FileLayout[]> =>
    (await apiGet('/api/admin/file-layouts', { query: { pageSize: 100 }, signal })).items,
  previewByLayout: (id: number, body: FormData): Promise<FileLayoutPreview> =>
    apiSend('post', '/api/admin/file-layouts/{id}/preview', { path: { id }, body }),
  saveMapping: (id: number, mapping: Record<string, string>) =>
    apiWrite('put', '/api/admin/file-layouts/{id}/mapping', { path: { id }, body: { mapping } }),
  errorFile: (id: number, token: string | null) =>
    downloadFile(`/api/admin/imports/${id}/errors`, {}, token, `import-${id}-errors.csv`),
};
