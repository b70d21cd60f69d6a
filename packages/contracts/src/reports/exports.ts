import { z } from 'zod';

/** The file formats a list is exported to: CSV for any tool, XLSX for a spreadsheet. */
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** Media type of each export format. */
export const exportMediaTypes: Record<ExportFormat, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `GET /api/admin/<list>/export`: the list's own query (search, filters, sort; paging is ignored)
 * and the format. Every row matching the filters is exported, in the list's order.
 */
export function exportQuerySchema<Q extends z.ZodType>(listQuery: Q) {
  return (listQuery as unknown as z.ZodObject).extend({
    format: z.enum(exportFormats).default('csv'),
  });
}

/** The audit trail's name for an export (target type: the list's resource name). */
export const exportAuditCommand = 'list.export';
