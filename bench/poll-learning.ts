/**
 * How many status queries a poller sends and how soon it notices a run
 * ended, side by side in one run: naive fetch pollers asking every call each
 * 1 s and each 5 s, Robot Tray's core on its poll policy alone, and the core
 * scheduling by run times it learned from a history of finished runs. Then,
 * the core learning again on workloads whose robots got three times slower
 * or faster halfway through, and on one with a heavy tail (σ 1.0), with a
 * client asking each second beside it. Each client runs in its own process
 * against its own sandbox (robots with log-normal run times), so CPU,
 * sockets and event-loop delay are its own; the main clients run together,
 * then the drift clients, then the heavy-tail ones (with --short, those
 * two groups together).
 *
 *   npm run bench:poll [-- --calls 2000 --spread-ms 60000 --short --out FILE --chart FILE]
 *
 * Loopback only; bounded in count and time (calls arrive over --spread-ms,
 * runs are capped at 120 s). The chart (the lag's distribution beside the
 * queries, per client of the main workload) goes to docs/poll-learning.svg,
 * except in --short mode.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './benchmarks.ts';
import { pollChart } from './poll/chart.ts';
import type { ClientResult } from './poll/client.ts';
import { pollFigures, settingOf, summarize, type Summary } from './poll/figures.ts';
import { benchWorkload, tailWorkloads, type Workload } from './poll/workload.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';

const { values, short, out } = benchArgs(
  {
    calls: { type: 'string', default: '2000' },
    'spread-ms': { type: 'string', default: '60000' },
    chart: { type: 'string', default: path.join(repoRoot, 'docs/poll-learning.svg') },
  },
  { calls: '40', 'spread-ms': '2000', chart: '' },
);
const base = benchWorkload(short);
const workload: Workload = short
  ? { ...base, calls: Math.min(Number(values.calls), 400), spreadMs: Number(values['spread-ms']) }
  : {
      ...base,
      calls: Math.min(Number(values.calls), 5_000),
      spreadMs: Math.min(Number(values['spread-ms']), 120_000),
    };
const tails = tailWorkloads(short);

const MAIN = [
  { kind: 'naive-1s', key: 'naive1s', label: 'fetch every 1 s' },
  { kind: 'naive-5s', key: 'naive5s', label: 'fetch every 5 s' },
  { kind: 'core', key: 'core', label: 'Robot Tray, no profiles' },
  { kind: 'learned', key: 'learned', label: 'Robot Tray, learned profiles' },
] as const;
const DRIFT = [
  { kind: 'learned', key: 'slower', workload: tails.slower },
  { kind: 'learned', key: 'faster', workload: tails.faster },
] as const;
const HEAVY = [
  { kind: 'learned', key: 'heavyLearned', workload: tails.heavy },
  { kind: 'core', key: 'heavyCore', workload: tails.heavy },
  { kind: 'naive-1s', key: 'heavyNaive', workload: tails.heavy },
] as const;

/** One client in its own process; its result line, or an error naming what it printed. */
function runClient(kind: string, w: Workload): Promise<ClientResult> {
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'poll/client.ts'), '--kind', kind, '--workload', JSON.stringify(w)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // SIGTERM, not SIGKILL: the client then stops its sandbox on the way out (a killed one left it serving).
  process.once('exit', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    let result: ClientResult | undefined;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('result ')) result = JSON.parse(line.slice('result '.length)) as ClientResult;
    });
    child.once('close', (code) =>
      result === undefined
        ? reject(new Error(`bench: the ${kind} client exited ${code} without a result`))
        : resolve(result),
    );
  });
}

/** Each client's summary by key, its clients run side by side. */
async function runTogether<K extends string>(
  clients: ReadonlyArray<{ kind: string; key: K; workload?: Workload }>,
): Promise<Record<K, Summary>> {
  const results = await Promise.all(clients.map((c) => runClient(c.kind, c.workload ?? workload)));
  return Object.fromEntries(clients.map((c, i) => [c.key, summarize(results[i]!)])) as Record<K, Summary>;
}

// Said with the figures: on a shared machine, a busy start explains a slow run.
const started = { at: new Date().toISOString(), load: os.loadavg().map((n) => Math.round(n * 100) / 100) };
const main = await runTogether(MAIN);
// The short run's figures are not judged: its drift and heavy-tail clients run together, to keep npm test quick.
const tail = short
  ? await runTogether([...DRIFT, ...HEAVY])
  : { ...(await runTogether(DRIFT)), ...(await runTogether(HEAVY)) };
const figures = pollFigures(main, workload, tail, tails, started);

if (!short && values.chart !== '') {
  const svg = pollChart(
    MAIN.map((c) => ({
      label: c.label,
      queries: main[c.key].queries,
      lagsSeconds: main[c.key].r.detections.map((d) => Math.max(0, d.lagMs) / 1000),
    })),
    `Detection lag and status queries: ${settingOf(workload)}`,
  );
  await writeFile(values.chart, svg);
  console.log(`bench: chart written to ${path.relative(repoRoot, values.chart)}`);
}
await reportFigures(figures, out);
const missing = [
  ...MAIN.map((c) => ({ label: c.label, s: main[c.key], calls: workload.calls })),
  ...[...DRIFT, ...HEAVY].map((c) => ({
    label: `${c.kind} on ${settingOf(c.workload)}`,
    s: tail[c.key],
    calls: c.workload.calls,
  })),
].filter((c) => c.s.r.detections.length < c.calls);
if (missing.length > 0) {
  console.error(`bench: ${missing.map((c) => c.label).join(', ')} did not see every run done`);
  process.exitCode = 1;
}
