import type { Report, ReportName, ReportRun, ReportRunInput } from '@loyalty/contracts';
import { apiGet, apiUrl, apiWrite } from '../../api/typed.ts';

/** A report's endpoint (its export is `<endpoint>/export`). */
export const reportEndpoint = (name: ReportName) => apiUrl('/api/admin/reports/{name}', { name });

export const reportsApi = {
  get: (name: ReportName, range: { from: string; to: string }, signal?: AbortSignal): Promise<Report> =>
    apiGet('/api/admin/reports/{name}', { path: { name }, query: range, signal }),
  /** My latest background runs, newest first. */
  runs: (signal?: AbortSignal): Promise<ReportRun[]> => apiGet('/api/admin/report-runs', { signal }),
  startRun: (input: ReportRunInput) => apiWrite('post', '/api/admin/report-runs', { body: input }),
  runFile: (id: number) => apiUrl('/api/admin/report-runs/{id}/file', { id }),
};
