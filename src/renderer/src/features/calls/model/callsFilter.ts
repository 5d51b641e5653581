import { callStates, type CallState } from '../../../../../shared/models/call.ts';
import type { CallSummary } from '../../../../../shared/models/callSummary.ts';

/** What the calls list shows: one robot or all, some states or all, and free text. */
export type CallsFilter = { robotId: string | null; states: readonly CallState[]; text: string };

export const noFilter: CallsFilter = { robotId: null, states: [], text: '' };

/**
 * Whether a call passes the filter. Text matches the preset, robot,
 * webhookCallId or local id here; arguments are not in a summary, so the
 * ids of calls whose arguments match come from the history's own search
 * (`argumentMatches`).
 */
export function matchesFilter(
  call: CallSummary,
  filter: CallsFilter,
  argumentMatches: ReadonlySet<string> = new Set(),
): boolean {
  if (filter.robotId !== null && call.robotId !== filter.robotId) return false;
  if (filter.states.length > 0 && !filter.states.includes(call.state)) return false;
  const text = filter.text.trim().toLowerCase();
  if (text === '') return true;
  const fields = [call.presetName, call.robotName, call.webhookCallId, call.id, call.method];
  return fields.some((f) => f?.toLowerCase().includes(text)) || argumentMatches.has(call.id);
}

/** Whether the filter leaves any call out (else the list is the store's order as it is). */
export function isFiltered(filter: CallsFilter): boolean {
  return filter.robotId !== null || filter.states.length > 0 || filter.text.trim() !== '';
}

/** The ids to list, newest first (the store's order), that pass the filter. */
export function filteredIds(
  order: readonly string[],
  byId: ReadonlyMap<string, CallSummary>,
  filter: CallsFilter,
  argumentMatches?: ReadonlySet<string>,
): readonly string[] {
  // Nothing filtered: the order as it is, no pass over a 100,000-call history per change.
  if (!isFiltered(filter)) return order;
  return order.filter((id) => {
    const call = byId.get(id);
    return call !== undefined && matchesFilter(call, filter, argumentMatches);
  });
}

/** How many calls are in each state, for the robot filtered on (the state filter aside). */
export function countByState(
  order: readonly string[],
  byId: ReadonlyMap<string, CallSummary>,
  robotId: string | null,
): Record<CallState, number> {
  const counts = Object.fromEntries(callStates.map((s) => [s, 0])) as Record<CallState, number>;
  for (const id of order) {
    const call = byId.get(id);
    if (call !== undefined && (robotId === null || call.robotId === robotId)) counts[call.state]++;
  }
  return counts;
}

/** Toggles one state in the filter's set. */
export function toggleState(filter: CallsFilter, state: CallState): CallsFilter {
  const states = filter.states.includes(state)
    ? filter.states.filter((s) => s !== state)
    : [...filter.states, state];
  return { ...filter, states };
}
