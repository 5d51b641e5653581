/**
 * What the load run (bench/load-faults.ts) decides from what it saw, kept
 * free of I/O so it is tested as such: which fired calls were lost, how many
 * ended in each state, and whether memory stayed flat.
 */

/** One trigger the load run fired: the call fire() gave back, or why fire() threw. */
export type Fired = { id: string } | { error: string };

/** Still sending or waiting: not an end. */
const unfinished = new Set(['sending', 'waiting']);

export type Tally = {
  fired: number;
  /** Fired but never a call (fire threw), missing from the history, or not ended by the drain. */
  lost: number;
  /** How many of the fired calls the history holds in each state, most common first. */
  byState: Array<[state: string, count: number]>;
  /** Why some were lost, for the report: the first few, each once. */
  why: string[];
};

export function tallyCalls(fired: readonly Fired[], history: ReadonlyMap<string, string>): Tally {
  const counts = new Map<string, number>();
  const why = new Set<string>();
  let lost = 0;
  for (const call of fired) {
    if ('error' in call) {
      lost += 1;
      why.add(`fire threw: ${call.error}`);
      continue;
    }
    const state = history.get(call.id);
    if (state === undefined) {
      lost += 1;
      why.add('fired but not in the history');
      continue;
    }
    counts.set(state, (counts.get(state) ?? 0) + 1);
    if (unfinished.has(state)) {
      lost += 1;
      why.add(`still ${state} after the drain`);
    }
  }
  const byState = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return { fired: fired.length, lost, byState, why: [...why].slice(0, 5) };
}

/** "done 2,871, rejected 61, unknown 40": how the fired calls ended, for a figure's `found`. */
export function statesText(byState: Tally['byState']): string {
  return byState.map(([state, count]) => `${state} ${count.toLocaleString('en-US')}`).join(', ');
}

export type Sample = { atMs: number; value: number };

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The median of the samples taken in the first fifth of a run lasting
 * `durationMs`, and of those in its last fifth: the median, so one sample
 * taken just before a collection does not decide whether memory grew. Null
 * for a fifth with no sample.
 */
export function firstAndLastFifth(
  samples: readonly Sample[],
  durationMs: number,
): { first: number | null; last: number | null } {
  const fifth = durationMs / 5;
  const first = samples.filter((s) => s.atMs >= 0 && s.atMs < fifth).map((s) => s.value);
  const last = samples
    .filter((s) => s.atMs >= durationMs - fifth && s.atMs <= durationMs)
    .map((s) => s.value);
  return { first: median(first), last: median(last) };
}

/**
 * The median of the samples in each fifth of a run lasting `durationMs`, in
 * order (null for a fifth with no sample): how a figure moved through the run,
 * not only where it began and ended.
 */
export function fifthMedians(samples: readonly Sample[], durationMs: number): Array<number | null> {
  const fifth = durationMs / 5;
  return [0, 1, 2, 3, 4].map((k) =>
    median(
      samples
        .filter((s) => s.atMs >= k * fifth && (k === 4 ? s.atMs <= durationMs : s.atMs < (k + 1) * fifth))
        .map((s) => s.value),
    ),
  );
}

/** The busiest second's count, and the mean over the seconds given. */
export function busiestAndMean(counts: readonly number[]): { max: number | null; mean: number | null } {
  if (counts.length === 0) return { max: null, mean: null };
  return { max: Math.max(...counts), mean: counts.reduce((a, b) => a + b, 0) / counts.length };
}
