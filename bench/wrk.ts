/**
 * The earn phase's load from `wrk` (C, one thread, keep-alive) when it is installed: the floor's
 * client is pgbench, and the API's load generator shares the same two cores with the server and
 * the database, so the cheaper it is the less the comparison measures the generator. Each request
 * is a new earning (a unique externalId) for the next of the bench's customers; the Lua script
 * counts what did not answer 201 and reports wrk's own CPU time.
 */
import { busyShare, cpuTicks } from './machineCpu.ts';
import { runWithScript } from './tools.ts';

/** Lua for wrk: the request of each call, and a JSON line of results at the end. */
const script = (apiKey: string, run: string, customers: number) => `
-- Globals, not locals: done() reads each thread's errors with thread:get.
seq = 0
errors = 0
threads = {}
function setup(thread) table.insert(threads, thread) end
function request()
  seq = seq + 1
  local body = string.format(
    '{"externalId":"bench-${run}-%d","customerNumber":"BENCH-%05d","transactionTypeCode":"BENCH_SPEND","amount":%d}',
    seq, seq % ${customers}, 10 + seq % 500)
  return wrk.format("POST", "/api/integration/v1/transactions",
    { ["Content-Type"] = "application/json", ["X-Api-Key"] = "${apiKey}" }, body)
end
function response(status) if status ~= 201 then errors = errors + 1 end end
function done(summary, latency)
  local failed = 0
  for _, t in ipairs(threads) do failed = failed + t:get("errors") end
  local stat = io.open("/proc/self/stat"):read("*a")
  local fields = {}
  for f in stat:gsub("^.*%) ", ""):gmatch("%S+") do table.insert(fields, f) end
  io.write(string.format('WRK {"requests":%d,"errors":%d,"socketErrors":%d,"p50":%d,"p99":%d,"cpuTicks":%d}\\n',
    summary.requests, failed, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    latency:percentile(50), latency:percentile(99), tonumber(fields[12]) + tonumber(fields[13])))
end
`;

/** What an earn phase measured (as the bench's own client's `load` answers it); latencies in ms. */
export interface EarnPhase {
  count: number;
  p50: number;
  p99: number;
  errors: number;
  /** The machine's busy share over the phase, and the load generator's own CPU time (ms). */
  busy?: number;
  clientMs: number;
}

/** Earns through `base` for `seconds` on `connections` connections, after a 2 s warm-up run. */
export async function earnWithWrk(
  base: string,
  apiKey: string,
  customers: number,
  connections: number,
  seconds: number,
): Promise<EarnPhase> {
  const once = async (label: string, secs: number) => {
    const stdout = await runWithScript(
      'wrk',
      { name: 'earn.lua', text: script(apiKey, `${Date.now().toString(36)}-${label}`, customers) },
      (file) => [
        '-t',
        '1',
        '-c',
        String(connections),
        '-d',
        `${secs}s`,
        '--timeout',
        '10s',
        '-s',
        file,
        base,
      ],
    );
    const line = /WRK (\{.*\})/.exec(stdout)?.[1];
    if (!line) throw new Error(`wrk printed no results:\n${stdout}`);
    return JSON.parse(line) as {
      requests: number;
      errors: number;
      socketErrors: number;
      p50: number;
      p99: number;
      cpuTicks: number;
    };
  };
  await once('warm', 2);
  const start = cpuTicks();
  const r = await once('run', seconds);
  return {
    count: r.requests,
    errors: r.errors + r.socketErrors,
    p50: r.p50 / 1000,
    p99: r.p99 / 1000,
    busy: busyShare(start, cpuTicks()),
    // /proc's ticks are 1/100 s on Linux.
    clientMs: r.cpuTicks * 10,
  };
}
