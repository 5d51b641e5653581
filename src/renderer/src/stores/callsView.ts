import { create } from 'zustand';
import type { CallState } from '../../../shared/models/call.ts';
import { noFilter, toggleState, type CallsFilter } from '../features/calls/model/callsFilter.ts';
import { call } from '../bridge/call.ts';

/**
 * Where a notice shows: beside the call detail's actions when it answers one
 * of them, in the calls pane when it answers the list or a row's menu; next
 * to what was clicked, never across the window from it.
 */
export type NoticePlace = 'detail' | 'list';

export type Notice = {
  text: string;
  error: boolean;
  place: NoticePlace;
  /** Takes back what the notice reports (a forget, for a few seconds). */
  undo?: () => void;
};

type CallsViewState = {
  filter: CallsFilter;
  /** Ids of calls whose arguments match the filter text (from the history's search). */
  argumentMatches: ReadonlySet<string>;
  /** The call whose detail is open, or null. */
  openCallId: string | null;
  /** What the last action on a call came to, for the status line. */
  notice: Notice | null;
  /** Calls forgotten a moment ago, hidden while their forget can still be undone. */
  forgetting: ReadonlySet<string>;
};

export const useCallsView = create<CallsViewState>(() => ({
  filter: noFilter,
  argumentMatches: new Set(),
  openCallId: null,
  notice: null,
  forgetting: new Set(),
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

export function showNotice(
  text: string,
  { error = false, place = 'list', undo }: { error?: boolean; place?: NoticePlace; undo?: () => void } = {},
): void {
  useCallsView.setState({ notice: { text, error, place, ...(undo === undefined ? {} : { undo }) } });
}

export function setForgetting(id: string, hidden: boolean): void {
  useCallsView.setState((s) => {
    const forgetting = new Set(s.forgetting);
    if (hidden) forgetting.add(id);
    else forgetting.delete(id);
    return { forgetting };
  });
}
