import {
  type LegalDiff,
  type LegalDocumentInput,
  type LegalKind,
  legalDocumentResource,
  legalDocumentScreens,
} from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { resourceApi } from '../../../api/resource.ts';
import { apiGet, apiWrite } from '../../../api/typed.ts';
import { screenUrl } from '../../../components/resource.ts';

export const legalApi = resourceApi<typeof legalDocumentResource, LegalDocumentInput>(legalDocumentResource);
/** Query-cache key of everything legal (invalidated after every write). */
export const LEGAL_KEY = 'legal-documents';

export const publishLegal = (id: number) =>
  apiWrite('post', '/api/admin/legal-documents/{id}/publish', { path: { id } });

/** The published version of a kind, if any. */
export const usePublished = (kind: LegalKind) =>
  useQuery({
    queryKey: [LEGAL_KEY, 'published', kind],
    queryFn: async ({ signal }) =>
      (await legalApi.list({ page: 1, pageSize: 1, kind, status: 'PUBLISHED' }, signal)).items[0] ?? null,
  });

export const useLegalDiff = (id: number | undefined, against: number | undefined) =>
  useQuery({
    queryKey: [LEGAL_KEY, 'diff', id, against],
    queryFn: ({ signal }): Promise<LegalDiff> =>
      apiGet('/api/admin/legal-documents/{id}/diff', {
        path: { id: id as number },
        query: { against },
        signal,
      }),
    enabled: id !== undefined && against !== undefined,
  });

/** The versions list and the editor of a kind, as /dashboard URLs. */
export const legalPaths = (kind: LegalKind) => ({
  list: screenUrl(legalDocumentScreens[kind].list.path),
  create: screenUrl(legalDocumentScreens[kind].create.path),
  edit: (id: number) => `${screenUrl(legalDocumentScreens[kind].create.path)}?id=${id}`,
});
