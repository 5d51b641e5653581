// How fast `robot-tray` starts, as people feel it: from spawning the bin to
// the sandbox receiving its trigger (`fire`), and to exit, against a bare
// `node -e 0` and against `curl` doing the same requests, on the same machine
// in the same run, interleaved (each round runs every case once). Needs a
// keychain: `npm run bench:cli` runs it inside the test keyring. From a clone
// the bin runs the bundle of `npm run build` when it is current (as
// `npm run bench` builds first), else the sources: the report says which.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs, reportFigures } from '../../bench/support/benchRun.ts';
import { figure, type Target } from '../../bench/support/figures.ts';
import { builtCliIsCurrent } from '../../bin/cliEntry.js';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox } from '../../src/sandbox/index.ts';

const { values, out } = benchArgs({ runs: { type: 'string', default: '20' } }, { runs: '2' });
const runs = Math.min(Math.max(1, Number(values.runs) || 1), 200);
const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'bin/robot-tray.js');
const entry = builtCliIsCurrent(ROOT) ? 'the bundle (out/main/cli.js)' : 'the sources (no current build)';
const now = () => performance.timeOrigin + performance.now();

const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-cli-'));
const sandbox = await startSandbox({ demoRobots: false, now });
const { token } = sandbox.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
const core = await AppCore.open({ dataDir: home, resumeWatching: false });
const robot = await core.createRobot({ name: 'Echo', baseUrl: sandbox.baseUrl });
await core.setToken(robot.id, token);
await core.close();

/** Runs `file args` to its end; its stdout. */
async function run(file: string, args: string[]): Promise<string> {
  const child = spawn(file, args, { env: { ...process.env, ROBOT_TRAY_HOME: home } });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${file} ${args.join(' ')} exited ${code}`);
  return stdout;
}

const curlTrigger = [
  '-sS',
  '-X',
  'POST',
  `${sandbox.baseUrl}/main/public/webhook/request`,
  '-H',
  'content-type: application/json',
  '-H',
  `x-service-token: ${token}`,
  '--data-raw',
  '{"n":1}',
];
/** What people would do with curl alone: the trigger, then (`query`) one query of its call. */
async function curl(query: boolean): Promise<void> {
  const { webhookCallId } = JSON.parse(await run('curl', curlTrigger)) as { webhookCallId: string };
  if (!query) return;
  const answer = await run('curl', [
    '-sS',
    `${sandbox.baseUrl}/prod/1/customer/robot/webhookResponse/${webhookCallId}`,
    '-H',
    `x-service-token: ${token}`,
  ]);
  if (!answer.includes('"DONE"')) throw new Error(`the instant robot answered ${answer}`);
}

/** Milliseconds from spawn to exit, and to the sandbox's first request when `fires`. */
async function once(
  args: string[] | (() => Promise<void>),
  fires: boolean,
): Promise<{ exit: number; request?: number }> {
  const before = sandbox.requests().length;
  const started = now();
  await (typeof args === 'function' ? args() : run(process.execPath, args));
  const exit = now() - started;
  if (!fires) return { exit };
  const trigger = sandbox.requests()[before];
  if (trigger === undefined) throw new Error('the sandbox saw no trigger');
  return { exit, request: trigger.at - started };
}

function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function summary(samples: number[]): string {
  return `median ${quantile(samples, 0.5).toFixed(0)} ms, p90 ${quantile(samples, 0.9).toFixed(0)} ms, min ${Math.min(...samples).toFixed(0)} ms`;
}

const cases: Array<[string, string[] | (() => Promise<void>), boolean]> = [
  ['node -e 0', ['-e', '0'], false],
  ['robot-tray --help', [BIN, '--help'], false],
  ['robot-tray robot list', [BIN, 'robot', 'list'], false],
  ['robot-tray fire Echo', [BIN, 'fire', 'Echo', '--arg', 'n:=1'], true],
  ['curl trigger', () => curl(false), true],
  ['robot-tray fire --wait', [BIN, 'fire', 'Echo', '--arg', 'n:=1', '--wait'], true],
  ['curl trigger + query', () => curl(true), true],
];
// One run of each first, to fill the compile cache as any earlier use would have.
for (const [, args, fires] of cases) await once(args, fires);
const results = new Map<string, { exit: number[]; request: number[] }>();
for (let i = 0; i < runs; i++) {
  for (const [name, args, fires] of cases) {
    const r = await once(args, fires);
    const entry = results.get(name) ?? { exit: [], request: [] };
    entry.exit.push(r.exit);
    if (r.request !== undefined) entry.request.push(r.request);
    results.set(name, entry);
  }
}
console.log(
  `robot-tray start-up, ${runs} runs each, running ${entry} (spawn to exit; when sending also spawn to trigger received)`,
);
for (const [name, { exit, request }] of results) {
  console.log(`  ${name.padEnd(24)} exit: ${summary(exit)}`);
  if (request.length > 0) console.log(`  ${''.padEnd(24)} first request: ${summary(request)}`);
}
await sandbox.close();

const median = (name: string) => quantile(results.get(name)!.exit, 0.5);
const bare = { name: '`node -e 0`', value: median('node -e 0'), unit: 'ms' };
const cliFigure = (
  name: string,
  samples: number[],
  target: Target | null,
  baseline: { name: string; value: number; unit: string } = bare,
) =>
  figure({
    name: `CLI: ${name}, median of ${runs}`,
    value: quantile(samples, 0.5),
    unit: 'ms',
    baseline,
    target,
    found: `p90 ${quantile(samples, 0.9).toFixed(0)} ms; ran ${entry}`,
  });
const fire = results.get('robot-tray fire Echo')!;
const curlTriggerMs = { name: '`curl` trigger, spawn to exit', value: median('curl trigger'), unit: 'ms' };
const curlQueryMs = {
  name: '`curl` trigger then one query, spawn to exit',
  value: median('curl trigger + query'),
  unit: 'ms',
};
function issue23(on: 'value' | 'ratio', limit: number): Target {
  return { on, op: '<=', limit, source: 'issue 23' };
}
await reportFigures(
  [
    cliFigure('`robot-tray fire`, spawn to exit', fire.exit, issue23('value', 100)),
    cliFigure(
      '`robot-tray fire` against `curl`, spawn to exit',
      fire.exit,
      issue23('ratio', 8),
      curlTriggerMs,
    ),
    cliFigure('`robot-tray fire`, spawn to trigger received', fire.request, null),
    cliFigure(
      '`robot-tray fire --wait`, a robot that answers at once, spawn to exit',
      results.get('robot-tray fire --wait')!.exit,
      issue23('value', 150),
      curlQueryMs,
    ),
    cliFigure(
      '`robot-tray --help`, spawn to exit',
      results.get('robot-tray --help')!.exit,
      issue23('value', 50),
    ),
    cliFigure('`robot-tray robot list`, spawn to exit', results.get('robot-tray robot list')!.exit, null),
  ],
  out,
);
const cleanup = await AppCore.open({ dataDir: home, resumeWatching: false });
await cleanup.clearToken(robot.id);
await cleanup.close();
await rm(home, { recursive: true, force: true });
