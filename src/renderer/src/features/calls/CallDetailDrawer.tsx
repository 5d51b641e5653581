import { usualRunBasis } from '../../../../shared/models/usualRun.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { useEffect, useRef, useState } from 'react';
import { callOutcome } from '../../../../shared/sentences/callOutcome.ts';
import { FIRST_LOOK_CHARS } from '../json/model/firstLookSize.ts';
import { useCalls } from '../../stores/calls.ts';
import { openCall } from '../../stores/callsView.ts';
import { LazyJsonViewer, preloadJsonViewer } from '../json/LazyJsonViewer.tsx';
import { CallActions } from './CallActions.tsx';
import { CallNotice } from './CallNotice.tsx';
import { focusCallsList } from './CallsList.tsx';
import { DiffSection } from './DiffSection.tsx';
import { FireAgainDialog } from './FireAgainDialog.tsx';
import { previousRunOf } from '../../../../shared/responseDiff.ts';
import { RequestSection } from './RequestSection.tsx';
import { StateBadge } from './StateBadge.tsx';
import { TimelineSection } from './TimelineSection.tsx';
import { useCallDetail } from './useCallDetail.ts';
import { useShowingCall } from './useShowingCall.ts';

/** One call in full, beside the list: what was sent, what happened, what came back. */
export function CallDetailDrawer({ callId }: { callId: string }) {
  const summary = useCalls((s) => s.byId.get(callId));
  const previous = useCalls((s) => previousRunOf(s.order, s.byId, callId));
  const hasResponse = summary?.hasResponse === true;
  const version = `${summary?.state}:${summary?.hasResponse}`;
  const detail = useCallDetail(callId, version, hasResponse ? FIRST_LOOK_CHARS : undefined);
  useShowingCall(callId);
  const [changing, setChanging] = useState(false);
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    // Fetched while main reads the response, not after.
    if (hasResponse) preloadJsonViewer();
  }, [hasResponse]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog's own Escape closes that dialog only (its keydown reaches here first).
      if (e.key !== 'Escape' || e.defaultPrevented || changing) return;
      if (document.querySelector('dialog[open]') !== null) return;
      openCall(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [changing]);
  useEffect(() => {
    // Opened: the reader starts at the detail's heading.
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [callId]);
  useEffect(() => {
    const node = panel.current;
    return () => {
      // Closed from within (Escape, ✕): focus goes back to the calls list, on this call's row.
      const active = document.activeElement;
      if (active === null || active === document.body || node?.contains(active)) focusCallsList();
    };
  }, []);
  if (summary === undefined) return null;
  const call = detail.status === 'ready' && detail.call.id === callId ? detail.call : undefined;
  // The viewer is shown while the response is on its way, so its arrival only adds the rows:
  // those of its start first, when main sent that ahead (the whole of a short one).
  const start = detail.status === 'loading' && detail.start?.id === callId ? detail.start : undefined;
  const response = call?.responseJson ?? (start?.whole === true ? start.text : undefined);
  const showResponse =
    response !== undefined || (hasResponse && call === undefined && detail.status !== 'error');
  return (
    <aside ref={panel} className="call-detail" aria-label="Call detail" data-testid="call-detail">
      <div className="section-head">
        <h2 tabIndex={-1}>{visibleText(summary.presetName ?? 'Custom call')}</h2>
        <span className="muted">{visibleText(summary.robotName)}</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => openCall(null)}
          aria-label="Close the call detail"
        >
          ✕
        </button>
      </div>
      <p className="row">
        <StateBadge call={summary} />
        {summary.webhookCallId !== null && (
          <span className="small">
            webhookCallId <code data-testid="webhook-call-id">{visibleText(summary.webhookCallId)}</code>
          </span>
        )}
      </p>
      <p className="call-outcome" data-testid="call-outcome">
        {visibleText(callOutcome(summary))}
      </p>
      {summary.usual !== undefined && (
        <p className="muted small" data-testid="call-usual-detail">
          Calls like this one are {visibleText(summary.usual.text)}: {usualRunBasis(summary.usual.runs)}.
        </p>
      )}
      <CallActions summary={summary} detail={call} onFireWithChanges={() => setChanging(true)} />
      <CallNotice place="detail" />
      {detail.status === 'error' && <p className="field-error">{detail.message}</p>}
      {/* What the call is opened for comes first; the request and timeline are a click away
          (open from the start when there is no response to read). */}
      {call !== undefined && <RequestSection key={`request-${callId}`} detail={call} open={!hasResponse} />}
      <TimelineSection key={`timeline-${callId}`} summary={summary} open={!hasResponse} />
      {showResponse && (
        <section className="detail-section detail-response" aria-label="Response">
          <h3>Response</h3>
          <LazyJsonViewer
            text={response}
            start={start}
            label="Response"
            fileName={`response-${summary.id}.json`}
          />
        </section>
      )}
      {hasResponse && previous !== undefined && (
        <DiffSection
          previous={previous}
          callId={callId}
          version={version}
          responseAnswered={call !== undefined || start !== undefined || detail.status === 'error'}
        />
      )}
      {changing && call !== undefined && <FireAgainDialog detail={call} onClose={() => setChanging(false)} />}
    </aside>
  );
}
