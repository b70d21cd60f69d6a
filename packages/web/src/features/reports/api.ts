import type { Report, ReportName } from '@loyalty/contracts';
import { get } from '../../api/client.ts';

export const reportEndpoint = (name: ReportName) => `/api/admin/reports/${name}`;

export const reportsApi = {
  get: (name: ReportName, range: { from: string; to: string }, signal?: AbortSignal) =>
    get<Report>(reportEndpoint(name), range, signal),
};
