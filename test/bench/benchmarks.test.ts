import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { benchmarks, commandOf, repoRoot } from '../../bench/benchmarks.ts';
import { benchOutputSchema, figure } from '../../bench/support/figures.ts';
import { resultsSchema } from '../../bench/support/results.ts';
import { endLeftovers, MARK_VARIABLE, processesLeftBehind } from '../support/markedProcesses.ts';
import { requireBuiltRenderer } from '../support/windowHarness.ts';

/**
 * Runs a command with a fresh mark in its environment, in a process group of
 * its own that is killed after `limitMs` (a hung benchmark fails the test
 * rather than outliving it); resolves with its exit code, output and mark.
 */
async function runMarked(
  file: string,
  args: string[],
  limitMs = 200_000,
): Promise<{ code: number | null; output: string; mark: string }> {
  const mark = randomUUID();
  const child = spawn(file, args, {
    cwd: repoRoot,
    env: { ...process.env, [MARK_VARIABLE]: mark },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const timer = setTimeout(() => {
    output += `\n[still running after ${limitMs} ms: killed]`;
    process.kill(-child.pid!, 'SIGKILL');
  }, limitMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output, mark };
}

/** `npm run bench -- --short --only core`, writing to `results`. */
const runShortCore = (results: string) =>
  runMarked(process.execPath, ['bench/run.ts', '--short', '--only', 'core', '--results', results]);

/**
 * Every benchmark, in its short mode, the way `npm run bench` runs it: so a
 * benchmark that no longer runs (a token the core now refuses, a sandbox
 * left serving) fails npm test instead of waiting for someone to measure.
 * The figures are not judged here; only that they are well-formed.
 */
describe('every benchmark runs in its short mode', () => {
  let dir = '';
  beforeAll(async () => {
    requireBuiltRenderer();
    dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-test-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test.each(benchmarks.map((b) => [b.name, b] as const))(
    'npm run bench:%s -- --short exits 0, writes well-formed figures and leaves no process running',
    async (name, bench) => {
      const out = path.join(dir, `${name}.json`);
      const { file, args } = commandOf(bench, ['--short', '--out', out]);
      const run = await runMarked(file, args);
      const left = await processesLeftBehind(run.mark);
      endLeftovers(left);
      expect.soft(left, 'processes still running after the benchmark ended').toEqual([]);
      expect(run.code, run.output.slice(-3_000)).toBe(0);
      const figures = benchOutputSchema.safeParse(JSON.parse(await readFile(out, 'utf8')));
      expect(figures.error?.issues ?? [], run.output.slice(-3_000)).toEqual([]);
    },
    240_000,
  );

  test('npm run bench -- --short writes a well-formed results file and prints one table', async () => {
    const results = path.join(dir, 'results.json');
    const run = await runShortCore(results);
    expect(run.code, run.output.slice(-3_000)).toBe(0);
    const parsed = resultsSchema.parse(JSON.parse(await readFile(results, 'utf8')));
    expect(parsed).toMatchObject({ short: true, benchmarks: [{ name: 'core', error: null, exitCode: 0 }] });
    expect(parsed.benchmarks[0]!.figures.length).toBeGreaterThan(0);
    expect(run.output).toMatch(/^figure +measured +baseline, same run +ratio +target +met$/m);
    const left = await processesLeftBehind(run.mark);
    endLeftovers(left);
    expect(left).toEqual([]);
  }, 60_000);

  test('npm run bench -- --only core updates the core row of a results file and keeps the other rows', async () => {
    const results = path.join(dir, 'results-kept.json');
    const kept = {
      name: 'sandbox',
      command: 'npm run bench:sandbox',
      seconds: 1,
      exitCode: 0,
      error: null,
      figures: [{ ...figure({ name: 'sandbox: kept', value: 1, unit: 'ms' }) }],
    };
    const machine = {
      cpu: 'earlier',
      cores: 2,
      memoryGiB: 1,
      os: 'x',
      node: 'v0',
      loadAtStart: [1, 1, 1],
      loadAtEnd: [1, 1, 1],
    };
    const earlier = { date: '2026-01-01T00:00:00.000Z', short: true, machine, benchmarks: [kept] };
    await writeFile(results, JSON.stringify(earlier));
    const run = await runShortCore(results);
    expect(run.code, run.output.slice(-3_000)).toBe(0);
    const parsed = resultsSchema.parse(JSON.parse(await readFile(results, 'utf8')));
    expect(parsed.benchmarks.map((b) => b.name)).toEqual(['core', 'sandbox']);
    expect(parsed.benchmarks[1]).toEqual(kept);
    expect(parsed.benchmarks[0]!.figures.length).toBeGreaterThan(0);
    expect(parsed).toMatchObject({ date: earlier.date, machine });
    endLeftovers(await processesLeftBehind(run.mark));
  }, 60_000);
});
