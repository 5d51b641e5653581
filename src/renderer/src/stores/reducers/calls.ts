import type { CallChange } from '../../../../shared/events.ts';
import { isActive } from '../../../../shared/models/call.ts';
import { countAll, recounted, type StateCounts } from './callCounts.ts';
import { ShardedMap } from './shardedMap.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';

/**
 * Calls the window knows of, by id, and their order: newest first. A change
 * makes a new `byId` that shares all it does not touch (ShardedMap): a batch
 * of polls over a 100,000-call history copies a few thousand entries, not
 * 100,000. `counts` (calls in each state, per robot) follows each change, so
 * the filters' counts are no pass over the history either.
 */
export type CallsData = { byId: ShardedMap<CallSummary>; order: string[]; counts: StateCounts };

export const emptyCalls: CallsData = { byId: ShardedMap.empty(), order: [], counts: new Map() };

/**
 * Whether `incoming` is at least as far along as `known`. Every state change
 * adds a timeline entry with its time, and polls only raise the count, so an
 * answer that raced a later event (a fire resolving after its call already
 * ended, a gathered poll applied after a stop) never rolls it back. The
 * timeline keeps its first and last entries only (24 at most), so its last
 * time decides before its length.
 */
export function isNotOlder(incoming: CallSummary, known: CallSummary | undefined): boolean {
  if (known === undefined) return true;
  const lastAt = (c: CallSummary) => c.timeline.at(-1)?.at ?? 0;
  if (lastAt(incoming) !== lastAt(known)) return lastAt(incoming) > lastAt(known);
  if (incoming.timeline.length !== known.timeline.length)
    return incoming.timeline.length > known.timeline.length;
  return incoming.pollCount >= known.pollCount;
}

/** Calls answered by a request (a page of history, a fire): merged over what is known, never older. */
export function mergeCalls(state: CallsData, calls: readonly CallSummary[]): CallsData {
  const fresher = calls.filter((c) => isNotOlder(c, state.byId.get(c.id)));
  if (fresher.length === 0) return state;
  // New calls are merged in at their places: a page of 10,000 over a 90,000-call
  // list sorts those 10,000, not all 100,000.
  const latest = new Map<string, CallSummary>();
  for (const c of fresher) latest.set(c.id, c);
  const joined: CallSummary[] = [];
  const moves: Array<{ from: CallSummary | undefined; to: CallSummary }> = [];
  for (const c of latest.values()) {
    const known = state.byId.get(c.id);
    if (known === undefined) joined.push(c);
    moves.push({ from: known, to: c });
  }
  const byId = state.byId.with(latest);
  return {
    byId,
    order: joined.length === 0 ? state.order : mergedOrder(state.order, byId, joined),
    counts: recounted(state.counts, moves),
  };
}

/** Newest first; the id breaks a tie, so the order is the same in every window. */
const newerFirst = (a: CallSummary, b: CallSummary) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);

/**
 * A `calls.changed` event: each changed call replaces its summary (never by
 * an older one), new calls join. A call's place never changes (it is set by
 * when it was created), so the order is only touched when calls join, and
 * then they are merged in: a second of polls over a 10,000-call history
 * sorts nothing.
 */
export function applyCallChanges(state: CallsData, changes: readonly CallChange[]): CallsData {
  if (changes.length === 0) return state;
  // The newest summary of each call in the batch, judged against what is known then.
  const latest = new Map<string, CallSummary>();
  for (const { call } of changes) {
    const known = latest.get(call.id) ?? state.byId.get(call.id);
    if (isNotOlder(call, known)) latest.set(call.id, call);
  }
  const joined: CallSummary[] = [];
  const moves: Array<{ from: CallSummary | undefined; to: CallSummary }> = [];
  for (const call of latest.values()) {
    const known = state.byId.get(call.id);
    if (known === undefined) joined.push(call);
    moves.push({ from: known, to: call });
  }
  const byId = state.byId.with(latest);
  return {
    byId,
    order: joined.length === 0 ? state.order : mergedOrder(state.order, byId, joined),
    counts: recounted(state.counts, moves),
  };
}

/** `order` (newest first) with `joined` merged in at their places. */
function mergedOrder(
  order: readonly string[],
  byId: ReadonlyMap<string, CallSummary>,
  joined: CallSummary[],
): string[] {
  joined.sort(newerFirst);
  const merged: string[] = [];
  let j = 0;
  for (const id of order) {
    while (j < joined.length && newerFirst(joined[j]!, byId.get(id)!) < 0) merged.push(joined[j++]!.id);
    merged.push(id);
  }
  while (j < joined.length) merged.push(joined[j++]!.id);
  return merged;
}

/**
 * A `calls.removed` event: calls by id, and with `finishedOf` every finished
 * call (of one robot, or of all when robotId is null); waiting calls stay.
 */
export function applyCallsRemoved(
  state: CallsData,
  removed: { ids: readonly string[]; finishedOf: { robotId: string | null } | null },
): CallsData {
  const gone = new Set(removed.ids);
  const { finishedOf } = removed;
  const keep = (c: CallSummary) =>
    !gone.has(c.id) &&
    !(
      finishedOf !== null &&
      !isActive(c.state) &&
      (finishedOf.robotId === null || finishedOf.robotId === c.robotId)
    );
  const kept: Array<[string, CallSummary]> = [];
  for (const c of state.byId.values()) if (keep(c)) kept.push([c.id, c]);
  if (kept.length === state.order.length) return state;
  const byId = ShardedMap.from(kept);
  return { byId, order: state.order.filter((id) => byId.has(id)), counts: countAll(byId) };
}

/**
 * The latest call of a robot, for "last run" in the robots list. Asked on
 * every change for every robot shown: a robot with no call is answered from
 * the counts, not by a pass over a 100,000-call history each time.
 */
export function lastCallOf(state: CallsData, robotId: string): CallSummary | undefined {
  const counts = state.counts.get(robotId);
  if (counts === undefined || Object.values(counts).every((n) => n === 0)) return undefined;
  for (const id of state.order) {
    const c = state.byId.get(id);
    if (c?.robotId === robotId) return c;
  }
  return undefined;
}
