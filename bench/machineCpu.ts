import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Machine-wide CPU time so far (Linux /proc/stat): busy and total, in clock ticks. */
export function cpuTicks(): { busy: number; total: number } | undefined {
  try {
    const fields =
      readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

export type CpuTicks = ReturnType<typeof cpuTicks>;

/** The share of the machine's CPU time that was busy between two readings (every process on it). */
export const busyShare = (start: CpuTicks, end: CpuTicks) =>
  start && end ? (end.busy - start.busy) / (end.total - start.total || 1) : undefined;

/** Milliseconds of machine CPU per operation, from the busy share over `seconds`. */
export const cpuMsPer = (busy: number, seconds: number, operations: number) =>
  (busy * availableParallelism() * seconds * 1000) / (operations || 1);
