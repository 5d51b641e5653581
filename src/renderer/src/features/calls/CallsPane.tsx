import { useEffect, useMemo } from 'react';
import { onAppEvent } from '../../bridge/events.ts';
import { clearFinished, refreshCalls } from '../../stores/callActions.ts';
import { useCalls } from '../../stores/calls.ts';
import { openCall, useCallsView } from '../../stores/callsView.ts';
import { CallNotice } from './CallNotice.tsx';
import { CallsFilters } from './CallsFilters.tsx';
import { CallsList } from './CallsList.tsx';
import { filteredIds, isFiltered } from './model/callsFilter.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import './calls.css';

const noCalls: ReadonlyMap<string, CallSummary> = new Map();

/** The live calls list and its filters (the detail of the call opened shows beside it, see Shell). */
export function CallsPane() {
  const order = useCalls((s) => s.order);
  const filter = useCallsView((s) => s.filter);
  // Unfiltered, the list is the order as it is: a batch of polls (ten a second) then
  // changes no prop here and draws the pane and the list again for nothing.
  const byId = useCalls((s) => (isFiltered(filter) ? s.byId : noCalls));
  const load = useCalls((s) => s.load);
  const argumentMatches = useCallsView((s) => s.argumentMatches);
  const forgetting = useCallsView((s) => s.forgetting);
  const ids = useMemo(() => {
    const shown = filteredIds(order, byId, filter, argumentMatches);
    return forgetting.size === 0 ? shown : shown.filter((id) => !forgetting.has(id));
  }, [order, byId, filter, argumentMatches, forgetting]);
  const total = order.length - forgetting.size;

  useEffect(() => {
    void refreshCalls();
    const onFocus = () => void refreshCalls();
    window.addEventListener('focus', onFocus);
    // A tray or notification click on a call opens it.
    const stop = onAppEvent(
      (event) => event.type === 'navigate' && event.to.view === 'call' && openCall(event.to.callId),
    );
    return () => {
      window.removeEventListener('focus', onFocus);
      stop();
    };
  }, []);

  return (
    <section aria-label="Calls" className="calls-pane">
      <div className="section-head calls-head">
        <h2>Calls</h2>
        <span className="muted small" data-testid="calls-count">
          {ids.length === total ? `${total}` : `${ids.length} of ${total}`}
        </span>
        <button type="button" className="btn btn-sm" onClick={() => void clearFinished(filter.robotId)}>
          Clear finished
        </button>
      </div>
      <CallsFilters />
      {load.status === 'error' && (
        <p role="alert" className="notice notice-error">
          {load.message}
        </p>
      )}
      <CallNotice place="list" />
      {total === 0 && load.status !== 'error' ? (
        <p className="empty">No calls yet. Fire a preset and its call shows here.</p>
      ) : ids.length === 0 ? (
        <p className="empty">No calls match these filters.</p>
      ) : (
        <CallsList ids={ids} />
      )}
    </section>
  );
}
