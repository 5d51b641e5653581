/**
 * How many status queries a poller sends and how soon it notices a run
 * ended, side by side in one run: naive fetch pollers asking every call each
 * 1 s and each 5 s, Robot Tray's core on its poll policy alone, and the core
 * scheduling by run times it learned from a history of finished runs. Each
 * client runs in its own process against its own sandbox (robots with
 * log-normal run times), so CPU, sockets and event-loop delay are its own.
 *
 *   npm run bench:poll [-- --calls 2000 --spread-ms 60000 --short --out FILE --chart FILE]
 *
 * Loopback only; bounded in count and time (calls arrive over --spread-ms,
 * runs are capped at 120 s). The chart (queries against median lag) goes to
 * docs/poll-learning.svg, except in --short mode.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from './benchmarks.ts';
import { pollChart } from './poll/chart.ts';
import type { ClientResult } from './poll/client.ts';
import { benchWorkload, type Workload } from './poll/workload.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure, type Figure } from './support/figures.ts';

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

const KINDS = [
  { kind: 'naive-1s', label: 'fetch every 1 s' },
  { kind: 'naive-5s', label: 'fetch every 5 s' },
  { kind: 'core', label: 'Robot Tray, no profiles' },
  { kind: 'learned', label: 'Robot Tray, learned profiles' },
] as const;

/** One client in its own process; its result line, or an error naming what it printed. */
function runClient(kind: string): Promise<ClientResult> {
  const child = spawn(
    process.execPath,
    [
      path.join(import.meta.dirname, 'poll/client.ts'),
      '--kind',
      kind,
      '--workload',
      JSON.stringify(workload),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  process.once('exit', () => child.kill('SIGKILL'));
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

const results = new Map<string, ClientResult>();
for (const [i, result] of (await Promise.all(KINDS.map((k) => runClient(k.kind)))).entries()) {
  results.set(KINDS[i]!.kind, result);
}

const quantile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
};
type Summary = {
  queries: number;
  lagP50: number;
  lagP99: number;
  shareP50: number;
  shareP99: number;
  r: ClientResult;
};
function summary(kind: string): Summary {
  const r = results.get(kind)!;
  const lags = r.detections.map((d) => Math.max(0, d.lagMs) / 1000);
  const shares = r.detections.map((d) => (100 * Math.max(0, d.lagMs)) / Math.max(1, d.runMs));
  return {
    queries: r.queries,
    lagP50: quantile(lags, 0.5),
    lagP99: quantile(lags, 0.99),
    shareP50: quantile(shares, 0.5),
    shareP99: quantile(shares, 0.99),
    r,
  };
}
const s = Object.fromEntries(KINDS.map((k) => [k.kind, summary(k.kind)])) as Record<
  (typeof KINDS)[number]['kind'],
  Summary
>;
const found = (x: Summary) =>
  `${x.r.detections.length}/${workload.calls} runs seen done; ${x.queries} queries (peak ${x.r.peakQueriesPerSecond}/s); ` +
  `lag p50 ${x.lagP50.toFixed(2)} s (${x.shareP50.toFixed(1)} % of run), p99 ${x.lagP99.toFixed(2)} s (${x.shareP99.toFixed(1)} %); ` +
  `peak sockets ${x.r.peakSockets}; event-loop delay p99 ${x.r.eventLoopP99Ms.toFixed(1)} ms; ` +
  `CPU ${Math.round(x.r.cpuMs)} ms; memory growth ${x.r.memoryGrowthMiB.toFixed(1)} MiB`;
const naive = s['naive-1s'];
const naiveQueries = { name: 'fetch every 1 s', value: naive.queries, unit: 'queries' };
const source = 'issue 23';
const setting = `${workload.calls} calls over ${workload.spreadMs / 1000} s, ${workload.robots} robots, medians ${workload.minMedianMs / 1000}–${workload.maxMedianMs / 1000} s, σ ${workload.sigma}`;

const figures: Figure[] = [
  figure({
    name: `poll: status queries, fetch every 1 s (${setting})`,
    value: naive.queries,
    unit: 'queries',
    found: found(naive),
  }),
  figure({
    name: 'poll: status queries, fetch every 5 s',
    value: s['naive-5s'].queries,
    unit: 'queries',
    baseline: naiveQueries,
    found: found(s['naive-5s']),
  }),
  figure({
    name: 'poll: status queries, Robot Tray with learned profiles',
    value: s.learned.queries,
    unit: 'queries',
    baseline: naiveQueries,
    target: { on: 'ratio', op: '<=', limit: 0.3, source },
    found: found(s.learned),
  }),
  figure({
    name: 'poll: median detection lag, Robot Tray with learned profiles',
    value: s.learned.lagP50,
    unit: 's',
    baseline: { name: 'fetch every 1 s', value: naive.lagP50, unit: 's' },
    target: { on: 'value', op: '<=', limit: 0.5, source },
  }),
  figure({
    name: 'poll: status queries, Robot Tray without profiles',
    value: s.core.queries,
    unit: 'queries',
    baseline: naiveQueries,
    target: { on: 'ratio', op: '<=', limit: 0.5, source },
    found: found(s.core),
  }),
  figure({
    name: 'poll: median detection lag as share of run time, Robot Tray without profiles',
    value: s.core.shareP50,
    unit: '%',
    baseline: { name: 'fetch every 1 s', value: naive.shareP50, unit: '%' },
    target: { on: 'value', op: '<=', limit: 10, source },
  }),
  ...(['learned', 'core'] as const).map((kind) =>
    figure({
      name: `poll: event-loop delay p99, Robot Tray ${kind === 'learned' ? 'with learned profiles' : 'without profiles'}`,
      value: s[kind].r.eventLoopP99Ms,
      unit: 'ms',
      baseline: { name: 'fetch every 1 s', value: naive.r.eventLoopP99Ms, unit: 'ms' },
      target: { on: 'value', op: '<=', limit: 20, source },
    }),
  ),
];

if (!short && values.chart !== '') {
  const svg = pollChart(
    KINDS.map((k) => ({ label: k.label, queries: s[k.kind].queries, lagSeconds: s[k.kind].lagP50 })),
    `Status queries against median lag: ${setting}`,
  );
  await writeFile(values.chart, svg);
  console.log(`bench: chart written to ${path.relative(repoRoot, values.chart)}`);
}
await reportFigures(figures, out);
const missing = KINDS.filter((k) => s[k.kind].r.detections.length < workload.calls);
if (missing.length > 0) {
  console.error(`bench: ${missing.map((k) => k.label).join(', ')} did not see every run done`);
  process.exitCode = 1;
}
