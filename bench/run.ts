/**
 * Every benchmark, one after the other, each in its own process group with
 * a time limit: their figures go to bench/results.json (with the machine,
 * its load and the date) and one table. `npm run bench:readme` then writes
 * the performance table of docs/performance.md from that file.
 *
 *   npm run bench [-- --only core,sandbox --short --results FILE]
 *
 * With --only, the rows of the benchmarks not run stay as the file had them.
 * A benchmark that fails or overruns is recorded as failed, with why, and
 * the others still run; the exit code says whether all of them ran through.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks, commandOf, repoRoot, type Benchmark } from './benchmarks.ts';
import { benchOutputSchema } from './support/figures.ts';
import { textTable } from './support/format.ts';
import { resultsSchema, type BenchResult, type Results } from './support/results.ts';
import { writeFormattedJson } from './support/writeJson.ts';

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    short: { type: 'boolean', default: false },
    results: { type: 'string' },
  },
});
const short = values.short;
const chosen =
  values.only === undefined ? benchmarks : benchmarks.filter((b) => values.only!.split(',').includes(b.name));
if (chosen.length === 0) {
  console.error(
    `bench: no benchmark named ${values.only}; there are ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
// A short run never overwrites the committed figures unless told where to write.
const resultsFile = path.resolve(
  values.results ?? path.join(repoRoot, short ? '.bench/results.short.json' : 'bench/results.json'),
);
const LIMIT_MS = short ? 120_000 : 15 * 60_000;
const loadNow = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

async function runOne(bench: Benchmark, dir: string): Promise<BenchResult> {
  const out = path.join(dir, `${bench.name}.json`);
  const { file, args } = commandOf(bench, [...(short ? ['--short'] : []), '--out', out]);
  const command = `npm run bench:${bench.name}`;
  console.log(`\n── ${command}${short ? ' -- --short' : ''}`);
  const started = performance.now();
  // Its own process group, so an overrun takes its sandbox and browsers with it.
  const child = spawn(file, args, { cwd: repoRoot, stdio: 'inherit', detached: true });
  // Its own group is out of the terminal's reach: Ctrl-C on the run has to end it here.
  const interrupt = (signal: NodeJS.Signals) => {
    process.kill(-child.pid!, 'SIGKILL');
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  let overran = false;
  const timer = setTimeout(() => {
    overran = true;
    process.kill(-child.pid!, 'SIGKILL');
  }, LIMIT_MS);
  const exitCode = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  process.off('SIGINT', interrupt);
  process.off('SIGTERM', interrupt);
  const seconds = Math.round((performance.now() - started) / 100) / 10;
  const base = { name: bench.name, command, seconds, exitCode };
  const text = await readFile(out, 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : benchOutputSchema.safeParse(JSON.parse(text));
  const figures = parsed?.success ? parsed.data.figures : [];
  const error = overran
    ? `stopped after ${LIMIT_MS / 1000} s`
    : exitCode !== 0
      ? `exited with ${exitCode}`
      : parsed === undefined
        ? 'wrote no figures'
        : parsed.success
          ? null
          : `wrote malformed figures: ${parsed.error.issues[0]?.message}`;
  return { ...base, error, figures };
}

const cpus = os.cpus();
const loadAtStart = loadNow();
const dir = await mkdtemp(path.join(os.tmpdir(), 'robot-tray-bench-run-'));
const ran: BenchResult[] = [];
try {
  for (const bench of chosen) ran.push(await runOne(bench, dir));
} finally {
  await rm(dir, { recursive: true, force: true });
}
/**
 * The committed run this one updates: with `--only`, the benchmarks not run
 * keep their rows (and the file its date and machine: each benchmark run
 * apart says in its own figures when it ran and the load then).
 */
async function earlierRun(): Promise<Results | undefined> {
  if (values.only === undefined) return undefined;
  const text = await readFile(resultsFile, 'utf8').catch(() => undefined);
  const parsed = text === undefined ? undefined : resultsSchema.safeParse(JSON.parse(text));
  return parsed?.success === true && parsed.data.short === short ? parsed.data : undefined;
}

const earlier = await earlierRun();
const rowOf = (name: string) =>
  ran.find((b) => b.name === name) ?? earlier?.benchmarks.find((b) => b.name === name);
const results: Results = resultsSchema.parse({
  date: earlier?.date ?? new Date().toISOString(),
  short,
  machine: earlier?.machine ?? {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAtStart,
    loadAtEnd: loadNow(),
  },
  benchmarks: benchmarks.map((b) => rowOf(b.name)).filter((b) => b !== undefined),
});
await mkdir(path.dirname(resultsFile), { recursive: true });
await writeFormattedJson(resultsFile, results);

console.log(`\n${textTable(ran.flatMap((b) => b.figures))}`);
for (const b of ran.filter((r) => r.error !== null)) console.log(`FAILED ${b.command}: ${b.error}`);
console.log(
  `\nwrote ${path.relative(process.cwd(), resultsFile)}; load average ${loadAtStart.join(', ')} at the start`,
);
if (ran.some((b) => b.error !== null)) process.exitCode = 1;
