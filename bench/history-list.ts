/**
 * Listing calls does not depend on what their responses weigh: the same 200
 * rows are listed from a history whose responses are 8 KiB each (past the
 * 4,000 characters of a response that free-text search keeps beside the
 * call) and from one whose responses add up to `--mb` megabytes, and the two
 * are compared (a ratio, measured in the same run), with the process's RSS.
 *
 *   npm run bench:history [-- --mb 1024 --calls 2000 --runs 5 --short --out FILE]
 *
 * Each history is written by a process of its own, then opened and listed by
 * `--runs` fresh processes, as starting Robot Tray opens a history already on
 * disk: what writing 3 GiB left in malloc's and V8's heaps is not counted as
 * what listing costs. Every figure is the median of those processes, with the
 * fewest and most they saw, so one process's luck does not decide it.
 *
 * Bounded: at most 4 GiB of responses, 20,000 calls and 15 runs, in a
 * temporary folder removed at the end. The default is issue 21's 3 GiB
 * history (about 3 minutes on the 2-core machine, most of it writing);
 * `--short` lists from 2 MiB.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import type { ListRun } from './support/historyProcess.ts';
import { spread, spreadText, type Spread } from './support/spread.ts';

const { values, out } = benchArgs(
  {
    mb: { type: 'string', default: '3072' },
    calls: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '5' },
  },
  { mb: '2', calls: '200', runs: '2' },
);
const MB = Math.min(Math.max(Number(values.mb), 1), 4096);
const CALLS = Math.min(Math.max(Number(values.calls), 200), 20_000);
const RUNS = Math.min(Math.max(Math.round(Number(values.runs)), 1), 15);
const ROUNDS = 20;
const CHILD = path.join(import.meta.dirname, 'support/historyProcess.ts');
const run = promisify(execFile);

async function child(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CHILD, ...args], { maxBuffer: 2 ** 20 });
  return stdout;
}

type Measured = { ms: Spread; openMs: Spread; rss: Spread; mib: number };

async function measure(label: string, responseBytes: number): Promise<Measured> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-history-'));
  try {
    await child('build', dir, String(responseBytes), String(CALLS));
    const runs: ListRun[] = [];
    for (let r = 0; r < RUNS; r++) runs.push(JSON.parse(await child('list', dir, String(ROUNDS))) as ListRun);
    const ms = spread(runs.map((r) => r.ms));
    const rss = spread(runs.map((r) => r.rss));
    const mib = runs[0]!.mib;
    console.log(
      `${label}: ${CALLS} calls, ${((responseBytes * CALLS) / 2 ** 20).toFixed(0)} MiB of responses, ` +
        `history ${mib.toFixed(0)} MiB; list of 200: ${spreadText(ms, 'ms', 2)}; RSS ${spreadText(rss, 'MiB')}`,
    );
    return { ms, openMs: spread(runs.map((r) => r.openMs)), rss, mib };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const small = await measure('8 KiB responses', 8 * 1024);
const large = await measure('large responses', Math.floor((MB * 2 ** 20) / CALLS));
const each = `median of ${RUNS} fresh processes`;
await reportFigures(
  [
    figure({
      name: `history: list of 200 calls from ${CALLS} calls holding ${MB} MiB of responses`,
      value: large.ms.median,
      unit: 'ms',
      baseline: { name: `the same with 8 KiB responses`, value: small.ms.median, unit: 'ms' },
      target: { on: 'value', op: '<=', limit: 100, source: 'issue 21 (at 3 GiB)' },
      found:
        `history ${large.mib.toFixed(0)} MiB on disk; ${ROUNDS} lists timed in each of ${RUNS} fresh processes: ` +
        `${spreadText(large.ms, 'ms', 2)} (8 KiB: ${spreadText(small.ms, 'ms', 2)})`,
    }),
    figure({
      name: `history: opening it and listing 200 calls, ${MB} MiB of responses`,
      value: large.openMs.median,
      unit: 'ms',
      baseline: { name: 'the same with 8 KiB responses', value: small.openMs.median, unit: 'ms' },
      target: { on: 'value', op: '<=', limit: 1000, source: 'issue 21 (at 3 GiB)' },
      found: `${each}: ${spreadText(large.openMs, 'ms')} (8 KiB: ${spreadText(small.openMs, 'ms')})`,
    }),
    figure({
      name: `history: RSS after listing from ${MB} MiB of responses`,
      value: large.rss.median,
      unit: 'MiB',
      baseline: { name: 'after the 8 KiB history', value: small.rss.median, unit: 'MiB' },
      target: { on: 'value', op: '<=', limit: 300, source: 'issue 21 (at 3 GiB)' },
      found:
        `${each} that open the history written by another and list from it, as Robot Tray starts: ` +
        `${spreadText(large.rss, 'MiB')} (8 KiB: ${spreadText(small.rss, 'MiB')})`,
    }),
  ],
  out,
);
