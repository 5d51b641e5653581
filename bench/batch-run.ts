/**
 * A batch of `--rows` rows against the sandbox (in a process of its own):
 * the CPU each row costs against one `fire` through the core watched to
 * done (measured in the same run, the same concurrency), the process's RSS
 * over the last fifth of the rows against the first fifth, and every row's
 * trigger counted by the sandbox (none lost, none doubled).
 *
 *   npm run bench:batch [-- --rows 10000 --concurrency 64 --short --out FILE]
 *
 * Bounded: at most 20,000 rows, in a temporary folder removed at the end.
 * `--short` runs 300 rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readRows } from '../src/core/batch/batchInput.ts';
import { AppCore } from '../src/core/appCore.ts';
import { memorySecrets } from '../test/support/memorySecrets.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import { startSandboxProcess } from './support/sandboxProcess.ts';

const { values, out } = benchArgs(
  { rows: { type: 'string', default: '10000' }, concurrency: { type: 'string', default: '64' } },
  { rows: '300' },
);
const ROWS = Math.min(Math.max(Number(values.rows), 50), 20_000);
const CONCURRENCY = Math.min(Math.max(Number(values.concurrency), 1), 64);
const TOKEN = 'bench-batch-token-0001';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const sandbox = await startSandboxProcess(
  { robots: [{ name: 'instant', token: TOKEN, flow: [{ type: 'respond', echo: true }] }] },
  1_200_000,
);
const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-batch-bench-'));
const core = await AppCore.open({ dataDir, secrets: memorySecrets(), resumeWatching: false });
await core.updateSettings({
  historyLimit: 2 * ROWS + 100,
  maxConcurrentQueries: CONCURRENCY,
  pollPolicy: { firstDelayMs: 100, maxDelayMs: 1_000 },
  // The core's own cost is measured: the rate that protects a service would pace the run instead.
  queriesPerSecondPerOrigin: 100_000,
});
const robot = await core.createRobot({ name: 'instant', baseUrl: sandbox.baseUrl });
await core.setToken(robot.id, TOKEN);
const preset = await core.createPreset({
  robotId: robot.id,
  name: 'Row',
  method: 'POST',
  args: { key: { $field: 'key' }, customer: 'C-1001', items: [1, 2, 3] },
  fields: [{ name: 'key', type: 'text', required: true }],
});

// ── Baseline: the same number of calls fired one by one through the core, as many at once. ──
const baseline = Math.max(50, Math.floor(ROWS / 5));
let doneCount = 0;
let allDone: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (allDone = resolve));
const unsubscribe = core.subscribe((event) => {
  if (event.type !== 'calls') return;
  for (const call of event.calls) if (call.state === 'done' && ++doneCount === baseline) allDone();
});
const baseCpu0 = cpuMs();
const baseWall0 = performance.now();
let next = 0;
let inFlight = 0;
await new Promise<void>((resolve) => {
  const more = () => {
    while (inFlight < CONCURRENCY && next < baseline) {
      inFlight++;
      const i = next++;
      void core
        .fire(robot.id, { presetId: preset.id, fields: { key: `base-${i}` } })
        .then(() => undefined)
        .finally(() => {
          inFlight--;
          if (next === baseline && inFlight === 0) resolve();
          more();
        });
    }
  };
  more();
});
await finished;
unsubscribe();
const baseCpuPerCall = (cpuMs() - baseCpu0) / baseline;
const baseRate = baseline / ((performance.now() - baseWall0) / 1000);

// ── The batch. ──
const keys = Array.from({ length: ROWS }, (_, i) => `row-${i}`);
const batch = await core.batches.create(robot.id, preset.id, readRows(`key\n${keys.join('\n')}\n`), {
  concurrency: CONCURRENCY,
});
const rss: number[] = [];
let ended = 0;
const cpu0 = cpuMs();
const wall0 = performance.now();
const result = await core.batches.run(batch.id, {}, (change) => {
  if (change.to !== 'done') return;
  ended++;
  if (ended % Math.max(1, Math.floor(ROWS / 100)) === 0) rss.push(process.memoryUsage().rss / 2 ** 20);
});
const cpuPerRow = (cpuMs() - cpu0) / ROWS;
const wallS = (performance.now() - wall0) / 1000;

const response = await fetch(`${sandbox.baseUrl}/__sandbox/calls`);
const { calls } = (await response.json()) as { calls: Array<{ args: { key?: string } }> };
const perKey = new Map<string, number>();
for (const call of calls)
  if (call.args.key?.startsWith('row-')) perKey.set(call.args.key, (perKey.get(call.args.key) ?? 0) + 1);
const lost = keys.filter((k) => !perKey.has(k)).length;
const doubled = [...perKey.values()].filter((n) => n > 1).length;

await core.close();
await rm(dataDir, { recursive: true, force: true });
await sandbox.stop();

const fifth = Math.max(1, Math.floor(rss.length / 5));
const firstFifth = median(rss.slice(0, fifth));
const lastFifth = median(rss.slice(-fifth));
await reportFigures(
  [
    figure({
      name: `batch: CPU per row, ${ROWS} rows, ${CONCURRENCY} at once`,
      value: cpuPerRow,
      unit: 'ms',
      baseline: { name: 'one fire through the core, watched to done', value: baseCpuPerCall, unit: 'ms' },
      target: { op: '<=', on: 'ratio', limit: 1.5, source: 'batch runs' },
      found: `${Math.round(ROWS / wallS)} rows/s; baseline ${baseline} calls, ${Math.round(baseRate)}/s`,
    }),
    figure({
      name: `batch: RSS over the last fifth of ${ROWS} rows`,
      value: lastFifth,
      unit: 'MiB',
      baseline: { name: 'RSS over the first fifth', value: firstFifth, unit: 'MiB' },
      target: { op: '<=', on: 'ratio', limit: 1.2, source: 'batch runs' },
      found: `${rss.length} samples`,
    }),
    figure({
      name: `batch: rows lost or fired twice, of ${ROWS}`,
      value: lost + doubled,
      unit: 'rows',
      target: { op: '<=', on: 'value', limit: 0, source: 'batch runs' },
      found: `${lost} lost, ${doubled} doubled, ${perKey.size} keys triggered; batch ${result.state}`,
    }),
  ],
  out,
);
if (result.state !== 'finished' || (result.counts.done ?? 0) !== ROWS || lost + doubled > 0) {
  console.error(`bench: batch ${result.state} with ${JSON.stringify(result.counts)}; expected ${ROWS} done`);
  process.exitCode = 1;
}
