import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../db/client.ts';
import { describeFault, stageReceivedImports } from './imports.service.ts';
import { limits } from './limits.ts';
import { useImportFiles } from './spool.ts';
import type { StagingRunMessage, StagingWorkerData } from './stagingThread.ts';

// The staging job's worker thread (stagingThread.ts): each run asked for stages the received
// files on the thread's own connections and answers; `stop` stops a run at its next batch (the
// server is stopping); `close` ends the idle thread.
const data = workerData as StagingWorkerData;
useImportFiles(data.files);
const database = await openDatabase({ kind: 'postgres', url: data.url, poolSize: 2 });
const running = new Map<number, AbortController>();
const port = parentPort as NonNullable<typeof parentPort>;

port.on('message', async (m: StagingRunMessage | { close: true }) => {
  if ('close' in m) {
    await database.close();
    port.close();
    return;
  }
  const { run } = m;
  if (m.stop) return running.get(run)?.abort();
  Object.assign(limits, m.limits);
  const stopping = new AbortController();
  running.set(run, stopping);
  try {
    // The import claimed, told first: refused by the main thread if this thread dies on it.
    await stageReceivedImports(database.db, stopping.signal, (claimed) => port.postMessage({ run, claimed }));
    port.postMessage({ run });
  } catch (err) {
    port.postMessage({ run, error: describeFault(err) });
  } finally {
    running.delete(run);
  }
});
