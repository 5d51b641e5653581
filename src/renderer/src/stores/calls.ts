import { create } from 'zustand';
import type { CallChange } from '../../../shared/events.ts';
import type { FireInput } from '../../../shared/ipc/contract/calls.ts';
import type { CallState } from '../../../shared/models/call.ts';
import type { CallSummary } from '../../../shared/models/callSummary.ts';
import { call, messageOf } from '../bridge/call.ts';
import type { LoadState } from './loadState.ts';
import * as reduce from './reducers/calls.ts';

/**
 * Calls the window knows of (summaries only; a call's detail is fetched when
 * shown). A small slice: the calls list and detail build on it.
 */
type CallsState = reduce.CallsData & { load: LoadState };

export const useCalls = create<CallsState>(() => ({ ...reduce.emptyCalls, load: { status: 'idle' } }));

export function applyCallsChanged(changes: readonly CallChange[]): void {
  useCalls.setState((s) => reduce.applyCallChanges(s, changes));
}

export function applyCallsRemoved(removed: Parameters<typeof reduce.applyCallsRemoved>[1]): void {
  useCalls.setState((s) => reduce.applyCallsRemoved(s, removed));
}

/** How many of a robot's calls are in each state: the same object until one of its calls changes state. */
export function useStateCountsOf(robotId: string): Readonly<Record<CallState, number>> | undefined {
  return useCalls((s) => s.counts.get(robotId));
}

export function useLastCallOf(robotId: string): CallSummary | undefined {
  return useCalls((s) => reduce.lastCallOf(s, robotId));
}

/** The most calls main hands over in one answer (the contract's limit). */
const PAGE = 10_000;

/**
 * The newest `limit` calls, a page at a time: each page is merged as it
 * comes (its calls join the list at their places), so the newest show first
 * and no one answer carries a 100,000-call history.
 */
export async function loadCalls(limit = 200): Promise<void> {
  useCalls.setState({ load: { status: 'loading' } });
  try {
    for (let offset = 0; offset < limit; offset += PAGE) {
      const asked = Math.min(PAGE, limit - offset);
      const calls = await call('listCalls', { limit: asked, offset });
      useCalls.setState((s) => reduce.mergeCalls(s, calls));
      if (calls.length < asked) break;
    }
    useCalls.setState({ load: { status: 'ready' } });
  } catch (error) {
    useCalls.setState({ load: { status: 'error', message: messageOf(error) } });
  }
}

/** Fires and records the new call at once (events bring its later states). */
export async function fire(input: FireInput): Promise<CallSummary> {
  const summary = await call('fire', input);
  knowCalls([summary]);
  return summary;
}

/** Calls learned of outside the list's pages (one just fired, a batch row's older call), merged at their places. */
export function knowCalls(calls: readonly CallSummary[]): void {
  useCalls.setState((s) => reduce.mergeCalls(s, calls));
}
