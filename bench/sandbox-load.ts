/**
 * Load measurement for the sandbox (issue 3): one sandbox process holds
 * 5,000 waiting calls while we measure how many query requests per second
 * it serves. Loopback only, bounded in count and time, stops by itself.
 *
 *   npm run bench:sandbox [-- --calls 5000 --duration-ms 5000 --connections 16 --pipelining 10 --short --out FILE]
 *
 * The sandbox runs in its own process (node src/sandbox/main.ts), as it does
 * for `npm run sandbox`, so the load generator does not share its event loop.
 * The baseline, in the same run with the same load: a bare node:http server
 * that answers every query with the same body (support/bareServer.ts).
 */
import { Pool } from 'undici';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import { percentile, startBareServerProcess, startSandboxProcess } from './support/sandboxProcess.ts';

const { values, out } = benchArgs(
  {
    calls: { type: 'string', default: '5000' },
    'duration-ms': { type: 'string', default: '5000' },
    connections: { type: 'string', default: '16' },
    pipelining: { type: 'string', default: '10' },
  },
  { calls: '200', 'duration-ms': '500' },
);
const CALLS = Math.min(Number(values.calls), 50_000);
const DURATION_MS = Math.min(Number(values['duration-ms']), 30_000);
const CONNECTIONS = Math.min(Number(values.connections), 256);
const PIPELINING = Math.min(Number(values.pipelining), 100);
const TOKEN = 'bench-hold-token';
const HARD_LIMIT_MS = 120_000;

// The robot waits ten minutes: every call stays WAITING for the whole run.
const sandbox = await startSandboxProcess(
  {
    robots: [
      {
        name: 'hold',
        token: TOKEN,
        flow: [
          { type: 'wait', ms: 600_000 },
          { type: 'respond', echo: true },
        ],
      },
    ],
  },
  HARD_LIMIT_MS,
);
const { baseUrl } = sandbox;
const rssMiB = () => sandbox.rssMiB();

const pool = new Pool(baseUrl, { connections: CONNECTIONS, pipelining: PIPELINING });

/** Runs `task` with `concurrency` workers until `more()` says stop; returns per-request latencies. */
async function drive(concurrency: number, more: () => boolean, task: () => Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (more()) {
        const started = performance.now();
        await task();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

function percentileText(sorted: number[], p: number): string {
  return percentile(sorted, p).toFixed(2);
}

const rssBefore = await rssMiB();

// Phase 1: start CALLS runs that stay waiting.
const ids: string[] = [];
let triggered = 0;
const triggerStart = performance.now();
await drive(
  CONNECTIONS * PIPELINING,
  () => triggered < CALLS,
  async () => {
    triggered += 1;
    const res = await pool.request({
      path: `/main/public/webhook/request?n=${triggered}`,
      method: 'GET',
      headers: { 'x-service-token': TOKEN },
    });
    const body = (await res.body.json()) as { webhookCallId?: string };
    if (res.statusCode !== 200 || typeof body.webhookCallId !== 'string') {
      throw new Error(`bench: trigger answered ${res.statusCode}`);
    }
    ids.push(body.webhookCallId);
  },
);
const triggerSeconds = (performance.now() - triggerStart) / 1000;

const listing = await pool.request({ path: '/__sandbox/calls', method: 'GET' });
const { calls } = (await listing.body.json()) as { calls: Array<{ status: string }> };
const waiting = calls.filter((call) => call.status === 'WAITING').length;
if (waiting !== CALLS) throw new Error(`bench: expected ${CALLS} waiting calls, found ${waiting}`);
const rssHolding = await rssMiB();

// Phase 2: query them round-robin for DURATION_MS; then the same load on the bare server.
async function queryLoad(
  target: Pool,
): Promise<{ qps: number; latencies: number[]; errors: number; seconds: number }> {
  let next = 0;
  let errors = 0;
  const queryStart = performance.now();
  const deadline = queryStart + DURATION_MS;
  const latencies = await drive(
    CONNECTIONS * PIPELINING,
    () => performance.now() < deadline,
    async () => {
      const id = ids[next % ids.length] as string;
      next += 1;
      const res = await target.request({
        path: `/prod/1/customer/robot/webhookResponse/${id}`,
        method: 'GET',
      });
      const text = await res.body.text();
      if (res.statusCode !== 200 || text !== '{"status":"WAITING"}') errors += 1;
    },
  );
  const seconds = (performance.now() - queryStart) / 1000;
  latencies.sort((a, b) => a - b);
  return { qps: Math.round(latencies.length / seconds), latencies, errors, seconds };
}
const ours = await queryLoad(pool);
const rssAfter = await rssMiB();
await pool.close();
await sandbox.stop();

const bare = await startBareServerProcess(HARD_LIMIT_MS);
const barePool = new Pool(bare.baseUrl, { connections: CONNECTIONS, pipelining: PIPELINING });
const floor = await queryLoad(barePool);
await barePool.close();
await bare.stop();

console.log(`sandbox load on ${baseUrl} (${CONNECTIONS} connections x ${PIPELINING} pipelined)`);
console.log(
  `  triggers: ${CALLS} waiting calls started in ${triggerSeconds.toFixed(2)} s (${Math.round(CALLS / triggerSeconds)}/s)`,
);
for (const [name, run] of [
  ['sandbox', ours],
  ['bare server', floor],
] as const) {
  console.log(
    `  ${name} queries: ${run.latencies.length} in ${run.seconds.toFixed(2)} s = ${run.qps} requests/s, ` +
      `p50 ${percentileText(run.latencies, 50)} ms, p99 ${percentileText(run.latencies, 99)} ms, errors ${run.errors}`,
  );
}
console.log(
  `  sandbox RSS: ${rssBefore} MiB idle, ${rssHolding} MiB holding ${CALLS} calls, ${rssAfter} MiB after queries`,
);
await reportFigures(
  [
    figure({
      name: `sandbox: query requests/s holding ${CALLS} waiting calls`,
      value: ours.qps,
      unit: '/s',
      baseline: { name: 'bare node:http server, same load', value: floor.qps, unit: '/s' },
      target: { on: 'value', op: '>=', limit: 5_000, source: 'issue 3' },
      found:
        `p99 ${percentileText(ours.latencies, 99)} ms, ${ours.errors} errors, ` +
        `${CONNECTIONS} connections × ${PIPELINING} pipelined, ${DURATION_MS / 1000} s`,
    }),
    figure({
      name: `sandbox: RSS holding ${CALLS} waiting calls`,
      value: rssHolding,
      unit: 'MiB',
      baseline: { name: 'idle', value: rssBefore, unit: 'MiB' },
      found: `${CALLS} started in ${triggerSeconds.toFixed(2)} s`,
    }),
  ],
  out,
);
if (ours.errors > 0 || floor.errors > 0) process.exitCode = 1;
