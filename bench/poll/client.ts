/**
 * One client of the poll benchmark, in its own process against its own
 * counting sandbox (so its CPU, sockets and event loop are its own): fires
 * the workload's calls on schedule and watches each to DONE, then prints one
 * `result {…}` line. Kinds: `naive-1s` and `naive-5s` (fetch, asking every
 * call each 1 s or 5 s), `core` (Robot Tray's core, learning off), and
 * `learned` (the core with a history of finished runs to learn from).
 *
 *   node bench/poll/client.ts --kind learned --workload '{…}'
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startCountingSandboxProcess } from '../support/sandboxProcess.ts';
import { driveCore } from './coreClient.ts';
import { driveNaive } from './naiveClient.ts';
import { type Detection, sandboxConfig, type Workload } from './workload.ts';

export type ClientResult = {
  kind: string;
  queries: number;
  peakQueriesPerSecond: number;
  detections: Detection[];
  peakSockets: number;
  eventLoopP99Ms: number;
  cpuMs: number;
  memoryGrowthMiB: number;
  /** In a drift workload, the core's runs at the new speed per robot until its profile caught up (null: not in this run). */
  catchUp: Array<number | null>;
};

const { values } = parseArgs({ options: { kind: { type: 'string' }, workload: { type: 'string' } } });
// Ended by the benchmark (it failed elsewhere): exit, so the sandbox's exit handler stops it too.
process.once('SIGTERM', () => process.exit(143));
const kind = values.kind ?? '';
const workload = JSON.parse(values.workload ?? '{}') as Workload;

let queries = 0;
let peakQueriesPerSecond = 0;
const hardLimitMs = workload.spreadMs + workload.capMs + 120_000;
const sandbox = await startCountingSandboxProcess(
  sandboxConfig(workload),
  (second) => {
    queries += second.queries;
    peakQueriesPerSecond = Math.max(peakQueriesPerSecond, second.queries);
  },
  hardLimitMs,
);

/** Sockets this process holds open now (Linux; 0 where /proc is not there). */
function openSockets(): number {
  try {
    let n = 0;
    for (const fd of readdirSync('/proc/self/fd')) {
      try {
        if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) n++;
      } catch {
        // Closed while we looked.
      }
    }
    return n;
  } catch {
    return 0;
  }
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-poll-bench-'));
const drive =
  kind === 'naive-1s' || kind === 'naive-5s'
    ? await driveNaive(sandbox.baseUrl, workload, kind === 'naive-1s' ? 1_000 : 5_000)
    : await driveCore(sandbox.baseUrl, workload, dataDir, kind === 'learned');

const delay = monitorEventLoopDelay({ resolution: 10 });
let peakSockets = 0;
const sampler = setInterval(() => (peakSockets = Math.max(peakSockets, openSockets())), 100);
const rss0 = process.memoryUsage().rss;
const cpu0 = process.cpuUsage();
delay.enable();
const detections = await drive.run(hardLimitMs - 30_000);
delay.disable();
const cpu = process.cpuUsage(cpu0);
const memoryGrowthMiB = (process.memoryUsage().rss - rss0) / 2 ** 20;
clearInterval(sampler);
await drive.close();
await sandbox.stop();
await rm(dataDir, { recursive: true, force: true });

const result: ClientResult = {
  kind,
  queries,
  peakQueriesPerSecond,
  detections,
  peakSockets,
  eventLoopP99Ms: delay.percentile(99) / 1e6,
  cpuMs: (cpu.user + cpu.system) / 1000,
  memoryGrowthMiB,
  catchUp: drive.catchUp(),
};
console.log(`result ${JSON.stringify(result)}`);
