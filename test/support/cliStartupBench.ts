// How fast `robot-tray` starts, as people feel it: from spawning the bin to
// the sandbox receiving its trigger (`fire`), and to exit for commands that
// send nothing, against a bare `node -e 0` on the same machine in the same
// run. Needs a keychain: `npm run bench:cli` runs it inside the test keyring.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchArgs, reportFigures } from '../../bench/support/benchRun.ts';
import { figure, type Target } from '../../bench/support/figures.ts';
import { AppCore } from '../../src/core/appCore.ts';
import { startSandbox } from '../../src/sandbox/index.ts';

const { values, out } = benchArgs({ runs: { type: 'string', default: '20' } }, { runs: '2' });
const runs = Math.min(Math.max(1, Number(values.runs) || 1), 200);
const BIN = path.resolve(import.meta.dirname, '../../bin/robot-tray.js');
const now = () => performance.timeOrigin + performance.now();

const home = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-cli-'));
const sandbox = await startSandbox({ demoRobots: false, now });
const { token } = sandbox.addRobot({ name: 'Echo', flow: [{ type: 'respond', echo: true }] });
const core = await AppCore.open({ dataDir: home, resumeWatching: false });
const robot = await core.createRobot({ name: 'Echo', baseUrl: sandbox.baseUrl });
await core.setToken(robot.id, token);
await core.close();

/** Milliseconds from spawn to exit, and to the sandbox's first request when `fires`. */
async function once(args: string[], fires: boolean): Promise<{ exit: number; request?: number }> {
  const before = sandbox.requests().length;
  const started = now();
  const child = spawn(process.execPath, args, { env: { ...process.env, ROBOT_TRAY_HOME: home } });
  child.stdout.resume();
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const exit = now() - started;
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}`);
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

const cases: Array<[string, string[], boolean]> = [
  ['node -e 0', ['-e', '0'], false],
  ['robot-tray --help', [BIN, '--help'], false],
  ['robot-tray robot list', [BIN, 'robot', 'list'], false],
  ['robot-tray fire Echo', [BIN, 'fire', 'Echo', '--arg', 'n=1'], true],
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
  `robot-tray start-up, ${runs} runs each (spawn to exit; for fire also spawn to trigger received)`,
);
for (const [name, { exit, request }] of results) {
  console.log(`  ${name.padEnd(24)} exit: ${summary(exit)}`);
  if (request.length > 0) console.log(`  ${''.padEnd(24)} first request: ${summary(request)}`);
}
await sandbox.close();

const bare = { name: '`node -e 0`', value: quantile(results.get('node -e 0')!.exit, 0.5), unit: 'ms' };
const cliFigure = (name: string, samples: number[], target: Target | null) =>
  figure({
    name: `CLI: ${name}, median of ${runs}`,
    value: quantile(samples, 0.5),
    unit: 'ms',
    baseline: bare,
    target,
    found: `p90 ${quantile(samples, 0.9).toFixed(0)} ms`,
  });
const fire = results.get('robot-tray fire Echo')!;
await reportFigures(
  [
    cliFigure('`robot-tray fire`, spawn to exit', fire.exit, {
      on: 'value',
      op: '<=',
      limit: 100,
      source: 'issue 23',
    }),
    cliFigure('`robot-tray fire`, spawn to trigger received', fire.request, null),
    cliFigure('`robot-tray --help`, spawn to exit', results.get('robot-tray --help')!.exit, {
      on: 'value',
      op: '<=',
      limit: 50,
      source: 'issue 23',
    }),
    cliFigure('`robot-tray robot list`, spawn to exit', results.get('robot-tray robot list')!.exit, null),
  ],
  out,
);
const cleanup = await AppCore.open({ dataDir: home, resumeWatching: false });
await cleanup.clearToken(robot.id);
await cleanup.close();
await rm(home, { recursive: true, force: true });
