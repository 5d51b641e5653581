import { create } from 'zustand';
import type { CallState } from '../../../shared/models/call.ts';
import { noFilter, toggleState, type CallsFilter } from '../features/calls/model/callsFilter.ts';
import { call } from '../bridge/call.ts';

type CallsViewState = {
  filter: CallsFilter;
  /** Ids of calls whose arguments match the filter text (from the history's search). */
  argumentMatches: ReadonlySet<string>;
  /** The call whose detail is open, or null. */
  openCallId: string | null;
  /** What the last action on a call came to, for the status line. */
  notice: { text: string; error: boolean } | null;
};

export const useCallsView = create<CallsViewState>(() => ({
  filter: noFilter,
  argumentMatches: new Set(),
  openCallId: null,
  notice: null,
}));

export function setRobotFilter(robotId: string | null): void {
  useCallsView.setState((s) => ({ filter: { ...s.filter, robotId } }));
}

export function toggleStateFilter(state: CallState): void {
  useCallsView.setState((s) => ({ filter: toggleState(s.filter, state) }));
}

let textSearch = 0;
/** Free text: matched at once on what summaries hold, and in arguments by the history a moment later. */
export function setTextFilter(text: string): void {
  useCallsView.setState((s) => ({ filter: { ...s.filter, text } }));
  const mine = ++textSearch;
  if (text.trim() === '') {
    useCallsView.setState({ argumentMatches: new Set() });
    return;
  }
  setTimeout(() => {
    if (mine !== textSearch) return;
    void call('listCalls', { text: text.trim().slice(0, 500), limit: 10_000 })
      .then((calls) => {
        if (mine === textSearch) useCallsView.setState({ argumentMatches: new Set(calls.map((c) => c.id)) });
      })
      .catch(() => undefined);
  }, 200);
}

export function openCall(callId: string | null): void {
  useCallsView.setState({ openCallId: callId });
}

export function showNotice(text: string, error = false): void {
  useCallsView.setState({ notice: { text, error } });
}
