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
   * (IMPORT_POST_WORKERS, default 2): since the set-based posting, two post 100,000 lines in
   * 5.4 s against 7.9–8.1 s for one, the API's earning p99 beside at 32 ms (docs/performance.md "Imports").
   */
  postWorkers: 2,
  /**
   * Lines staged per insert while validating: 5,000 rather than 1,000 staged 300,000 lines in
   * 14.6–14.7 s against 16.3–17.9 s, a fifth of the round trips (docs/performance.md "Imports").
   */
  stageBatch: 5000,
  /**
   * And at most this many characters of values per batch (5,000 lines of up to ~200): long lines
   * make shorter batches, so a file of 60 KB lines stages in the thread's capped heap
   * (stagingThread.test.ts), where 1,000 of them in one batch did not.
   */
  stageBatchChars: 1024 * 1024,
  /**
   * While a batch is written, the event loop turns every this many lines read: staging 300,000
   * lines took 7.3–7.8 s against 8.8–9.9 s without, the reading waiting 1.8–2.5 s for writes
   * against 5.4–6.3 s (docs/performance.md "Imports").
   */
  stageTurnLines: 50,
  /** A record longer than this is refused (the file is refused: it is not a line file). */
  maxLineBytes: 64 * 1024,
  /** Bad lines shown in an import's answer (the error file has them all). */
  errorsShown: 100,
  /** Lines in the preview. */
  previewLines: 10,
};
