/**
 * What Robot Tray's core costs on top of the HTTP it has to do. Each figure
 * is a ratio against a baseline measured in the same run: the same requests
 * made with a bare undici pool, no tracking, no history, no validation.
 *
 *   npm run bench:core [-- --calls 1000 --hold 5000 --hold-ms 10000 --short --out FILE]
 *
 * Loopback only; the sandbox runs in its own process; bounded in count and
 * time. Tokens and the answer mask key come from the real system keychain,
 * as they do for a person (npm run bench:core runs it inside the test
 * keyring), so what the keychain costs a call is in the figure.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { AppCore } from '../src/core/appCore.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import { startSandboxProcess } from './support/sandboxProcess.ts';

const { values, out } = benchArgs(
  {
    calls: { type: 'string', default: '1000' },
    hold: { type: 'string', default: '5000' },
    'hold-ms': { type: 'string', default: '10000' },
  },
  { calls: '40', hold: '100', 'hold-ms': '1000' },
);
const CALLS = Math.min(Number(values.calls), 20_000);
const HOLD = Math.min(Number(values.hold), 20_000);
const HOLD_MS = Math.min(Number(values['hold-ms']), 30_000);
const CONCURRENCY = 8;
// The core refuses tokens shorter than 16 characters, as the service's are.
const INSTANT_TOKEN = 'bench-instant-token';
const HOLD_TOKEN = 'bench-hold-token';

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const sandbox = await startSandboxProcess({
  robots: [
    { name: 'instant', token: INSTANT_TOKEN, flow: [{ type: 'respond', echo: true }] },
    { name: 'hold', token: HOLD_TOKEN, flow: [{ type: 'wait', ms: 600_000 }] },
  ],
});

async function inParallel(count: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await task(next++);
    }),
  );
}

// ── Baseline: the same triggers and queries with a bare undici pool. ─────
const pool = new Pool(sandbox.baseUrl, { connections: CONCURRENCY });
const baseCpu0 = cpuMs();
const baseWall0 = performance.now();
await inParallel(CALLS, async (i) => {
  const trigger = await pool.request({
    path: '/main/public/webhook/request',
    method: 'POST',
    headers: { 'x-service-token': INSTANT_TOKEN, 'content-type': 'application/json' },
    body: JSON.stringify({ i, customer: 'C-1001', items: [1, 2, 3] }),
  });
  const { webhookCallId } = (await trigger.body.json()) as { webhookCallId: string };
  const query = await pool.request({
    path: `/prod/1/customer/robot/webhookResponse/${encodeURIComponent(webhookCallId)}`,
    method: 'GET',
    headers: { 'x-service-token': INSTANT_TOKEN },
  });
  const answer = (await query.body.json()) as { status: string };
  if (answer.status !== 'DONE') throw new Error(`bench: baseline call ${i} is ${answer.status}`);
});
const baseCpuPerCall = (cpuMs() - baseCpu0) / CALLS;
const baseWall = performance.now() - baseWall0;
await pool.close();

// ── Robot Tray: fire and watch to done through AppCore. ─────────────────
const dataDir = await mkdtemp(path.join(tmpdir(), 'robot-tray-core-bench-'));
const core = await AppCore.open({ dataDir, resumeWatching: false });
await core.updateSettings({
  historyLimit: CALLS + HOLD + 100,
  maxConcurrentQueries: CONCURRENCY,
  pollPolicy: { firstDelayMs: 100, maxDelayMs: 1_000 },
  // The core's own cost is measured, as against the bare client's: the limit that
  // protects one service from one person's calls (20 a second) would pace the run instead.
  queriesPerSecondPerOrigin: 100_000,
});
const instant = await core.createRobot({ name: 'instant', baseUrl: sandbox.baseUrl });
await core.setToken(instant.id, INSTANT_TOKEN);
const hold = await core.createRobot({ name: 'hold', baseUrl: sandbox.baseUrl });
await core.setToken(hold.id, HOLD_TOKEN);

let doneCount = 0;
let allDone: () => void = () => undefined;
const finished = new Promise<void>((resolve) => (allDone = resolve));
core.subscribe((event) => {
  if (event.type !== 'calls') return;
  for (const call of event.calls) {
    if (call.state === 'done' && call.robotId === instant.id && ++doneCount === CALLS) allDone();
  }
});
const coreCpu0 = cpuMs();
await inParallel(CALLS, async (i) => {
  await core.fire(instant.id, { method: 'POST', args: { i, customer: 'C-1001', items: [1, 2, 3] } });
});
await finished;
const coreCpuPerCall = (cpuMs() - coreCpu0) / CALLS;

// ── Holding many waiting calls: memory per call and CPU per poll. ───────
gc();
const heap0 = process.memoryUsage().heapUsed;
const rss0 = process.memoryUsage().rss;
await inParallel(HOLD, async () => {
  await core.fire(hold.id, { method: 'GET', args: { n: 1 } });
});
gc();
const heapPerCall = (process.memoryUsage().heapUsed - heap0) / HOLD;
const rssHolding = process.memoryUsage().rss;
const pollCount0 = core.listCalls({ robotId: hold.id, limit: HOLD }).reduce((n, c) => n + c.pollCount, 0);
const holdCpu0 = cpuMs();
await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
const holdCpu = cpuMs() - holdCpu0;
const polls =
  core.listCalls({ robotId: hold.id, limit: HOLD }).reduce((n, c) => n + c.pollCount, 0) - pollCount0;
const stillWaiting = core.listCalls({ robotId: hold.id, states: ['waiting'], limit: HOLD }).length;

// The tokens leave the keychain with their robots.
await core.deleteRobot(instant.id);
await core.deleteRobot(hold.id);
await core.close();
await rm(dataDir, { recursive: true, force: true });
await sandbox.stop();

const pollCpu = holdCpu / Math.max(1, polls);
const bareQueryCpu = baseCpuPerCall / 2;
const target = { op: '<=', on: 'ratio', limit: 1.5, source: 'issue 23' } as const;
await reportFigures(
  [
    figure({
      name: 'core: CPU per call fired and watched to done',
      value: coreCpuPerCall,
      unit: 'ms',
      baseline: { name: 'bare undici trigger + query', value: baseCpuPerCall, unit: 'ms' },
      target,
      found: `${CALLS} calls, ${CONCURRENCY} at a time; baseline ${Math.round((CALLS / baseWall) * 1000)} calls/s`,
    }),
    figure({
      name: `core: CPU per poll, ${HOLD} waiting calls at a 1 s cap`,
      value: pollCpu,
      unit: 'ms',
      // The baseline's CPU per call covers a trigger and a query; half is a fair price for one query.
      baseline: { name: 'half a bare trigger + query', value: bareQueryCpu, unit: 'ms' },
      target,
      found: `${Math.round(polls / (HOLD_MS / 1000))} polls/s for ${HOLD_MS / 1000} s`,
    }),
    figure({
      name: `core: heap per waiting call, ${HOLD} held`,
      value: heapPerCall / 1024,
      unit: 'KiB',
      found: `RSS ${Math.round(rss0 / 2 ** 20)} → ${Math.round(rssHolding / 2 ** 20)} MiB`,
    }),
  ],
  out,
);
if (stillWaiting !== HOLD || doneCount !== CALLS) {
  console.error(
    `bench: ${doneCount} of ${CALLS} calls done and ${stillWaiting} of ${HOLD} still waiting; expected all`,
  );
  process.exitCode = 1;
}
