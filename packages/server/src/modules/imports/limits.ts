/**
 * The imports' fixed limits (decisions/imports.md). Not system tunables yet: a later slice may
 * make the batch size one.
 */
export const limits = {
  /**
   * Earnings posted per statement (one transaction each) by the posting job: 1,000 rather than
   * 500 halves the per-batch round trips and statements; a batch holds its customers' locks for
   * its duration (≈ 60–90 ms at 1,000 set-based, docs/performance.md "Imports").
   */
  batchSize: 1000,
  /**
   * Connections posting an import's lines at once, each its share of the customers
   * (IMPORT_POST_WORKERS, default 1): two were no faster on this 2-core machine and doubled the
   * API's earning p99 beside an import (docs/performance.md "Imports").
   */
  postWorkers: 1,
  /** Lines staged per insert while validating. */
  stageBatch: 1000,
  /** A record longer than this is refused (the file is refused: it is not a line file). */
  maxLineBytes: 64 * 1024,
  /** Bad lines shown in an import's answer (the error file has them all). */
  errorsShown: 100,
  /** Lines in the preview. */
  previewLines: 10,
};
