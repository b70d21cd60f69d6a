import type { Readable } from 'node:stream';
import {
  type DayRangeQuery,
  type ExportFormat,
  exportMediaTypes,
  type ReportName,
  type ReportRow,
} from '@loyalty/contracts';
import type { Executor } from '../../db/client.ts';
import { csvBatchStream } from '../../platform/csv.ts';
import { exportFileName, xlsxStream } from '../../platform/exports.ts';
import { runReport } from './reports.service.ts';

/**
 * A report as a stream of its file (a download, a background run, an e-mail attachment); `name`
 * names the XLSX sheet. Other areas' reports (a replay's figures) are written by it too.
 */
export function reportStream(
  batches: AsyncIterable<ReportRow[]>,
  columns: string[],
  name: string,
  format: ExportFormat,
): Readable {
  async function* rows() {
    for await (const batch of batches) yield batch.map((row) => columns.map((c) => row[c]));
  }
  return format === 'csv' ? csvBatchStream(rows(), columns) : xlsxStream(rows(), columns, name);
}

/** A stream into memory: a report's file is hundreds of rows, not millions. */
export async function bufferOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

export interface ReportFile {
  fileName: string;
  contentType: string;
  content: Buffer;
  rows: number;
  from: string;
  to: string;
}

/**
 * Runs a report and writes its file into memory (a report is an aggregate: hundreds of rows, not
 * millions). `progress(p)` is told 40 once the query has answered, then up to 95 as rows are
 * written.
 */
export async function reportFile(
  db: Executor,
  name: ReportName,
  range: DayRangeQuery,
  format: ExportFormat,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<ReportFile> {
  const report = await runReport(db, name, range);
  await progress(40);
  const total = report.rows.length;
  const step = Math.max(1, Math.ceil(total / 10));
  async function* rows() {
    for (let i = 0; i < total; i += step) {
      if (i > 0) await progress(40 + Math.floor((55 * i) / total));
      yield report.rows.slice(i, i + step);
    }
  }
  const content = await bufferOf(reportStream(rows(), report.columns, name, format));
  return {
    fileName: exportFileName(`report-${name}-${report.from}-${report.to}`, format),
    contentType: exportMediaTypes[format],
    content,
    rows: total,
    from: report.from,
    to: report.to,
  };
}
