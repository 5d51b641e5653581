/**
 * How long a robot's run statistics take from a large history: `--calls`
 * calls of one robot over 30 days (every one in the period, the most the
 * statistics ever read), two presets, every outcome, written as Robot Tray
 * writes them. The statistics (outcomes, p50/p90 run times, by day) are
 * asked for the robot and for one preset, `--rounds` times each on a history
 * opened afresh; the baseline, in the same run, counts the same from the
 * calls' records, read and parsed one by one, as a list would.
 *
 *   npm run bench:stats [-- --calls 100000 --rounds 15 --short --out FILE]
 *
 * Bounded: at most 500,000 calls and 50 rounds, in a temporary folder removed at the end.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CallHistory } from '../src/core/store/callHistory.ts';
import { WarningLog } from '../src/core/store/warnings.ts';
import { Call, callStates } from '../src/shared/models/call.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';
import { spread, spreadText } from './support/spread.ts';

const { values, out } = benchArgs(
  { calls: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '15' } },
  { calls: '2000', rounds: '3' },
);
const CALLS = Math.min(Math.max(Math.round(Number(values.calls)), 100), 500_000);
const ROUNDS = Math.min(Math.max(Math.round(Number(values.rounds)), 1), 50);
const DAY = 86_400_000;
const UNTIL = Date.UTC(2026, 10, 1);
const SINCE = UNTIL - 30 * DAY;

/** A call of the history: spread evenly over the 30 days, most done, run times of 5 s to 2 min. */
function callAt(i: number): Call {
  const createdAt = SINCE + Math.floor((i / CALLS) * 30 * DAY);
  const state = i % 10 < 7 ? 'done' : callStates[i % callStates.length]!;
  const ran = state === 'done' || state === 'failed';
  return Call.parse({
    id: `call-${i.toString()}`,
    robotId: 'robot',
    robotName: 'Invoices',
    presetId: i % 3 === 0 ? 'preset-a' : 'preset-b',
    presetName: null,
    method: 'POST',
    args: { invoice: i },
    state,
    createdAt,
    acceptedAt: createdAt + 200,
    finishedAt: ran ? createdAt + 5_000 + ((i * 7919) % 115_000) : null,
  });
}

const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-stats-'));
try {
  const file = path.join(dir, 'robot-tray.sqlite');
  const writing = CallHistory.open(file, new WarningLog());
  for (let start = 0; start < CALLS; start += 1_000) {
    const batch = [];
    for (let i = start; i < Math.min(start + 1_000, CALLS); i++)
      batch.push({ call: callAt(i), expected: 0, leaseUntil: 0 });
    writing.commitAll(batch);
  }
  writing.close();

  const history = CallHistory.open(file, new WarningLog());
  const timed = (ask: () => unknown): number[] => {
    ask(); // prepared and cached once, as in a process that asked before
    const ms: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const started = performance.now();
      ask();
      ms.push(performance.now() - started);
    }
    return ms;
  };
  const robot = spread(timed(() => history.runStats({ robotId: 'robot' }, SINCE, UNTIL)));
  const preset = spread(timed(() => history.runStats({ presetId: 'preset-a' }, SINCE, UNTIL)));
  const withPoints = spread(timed(() => history.runStats({ robotId: 'robot' }, SINCE, UNTIL, 500)));
  const stats = history.runStats({ robotId: 'robot' }, SINCE, UNTIL);

  // The baseline: the same counts from every record, read and parsed (one round: it is slow).
  const started = performance.now();
  const counted = new Map<string, number>();
  for (let offset = 0; ; offset += 10_000) {
    const page = history.list({ robotId: 'robot', limit: 10_000, offset });
    for (const c of page) counted.set(c.state, (counted.get(c.state) ?? 0) + 1);
    if (page.length < 10_000) break;
  }
  const baselineMs = performance.now() - started;
  history.close();
  if (stats.calls !== CALLS || counted.get('done') !== stats.states.done)
    throw new Error(`stats: counted ${stats.calls.toString()} calls of ${CALLS.toString()}`);

  console.log(
    `${CALLS.toString()} calls over 30 days: robot ${spreadText(robot, 'ms', 2)}, preset ${spreadText(preset, 'ms', 2)}, ` +
      `with 500 points ${spreadText(withPoints, 'ms', 2)}; records read and counted: ${baselineMs.toFixed(0)} ms`,
  );
  await reportFigures(
    [
      figure({
        name: `stats: a robot's run statistics from ${CALLS.toString()} calls (30 days, by day, p50/p90)`,
        value: robot.median,
        unit: 'ms',
        baseline: { name: 'the same calls counted from their records', value: baselineMs, unit: 'ms' },
        target: { on: 'value', op: '<=', limit: 50, source: 'issue 34' },
        found:
          `${ROUNDS.toString()} rounds: robot ${spreadText(robot, 'ms', 2)}; one preset (a third of the calls) ` +
          `${spreadText(preset, 'ms', 2)}; with the 500 points the chart draws ${spreadText(withPoints, 'ms', 2)}`,
      }),
    ],
    out,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
