import { useEffect, useRef } from 'react';
import type { SavedCallView } from '../../../../shared/ipc/contract/savedCalls.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { callOutcome } from '../../../../shared/sentences/callOutcome.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { closeSavedCall } from '../../stores/savedCall.ts';
import { LazyJsonViewer } from '../json/LazyJsonViewer.tsx';
import { copyReport } from './CallActions.tsx';
import { RequestSection } from './RequestSection.tsx';
import { SavedCompare } from './SavedCompare.tsx';
import { StateBadge } from './StateBadge.tsx';
import { TimelineSection } from './TimelineSection.tsx';

function summaryOf(view: SavedCallView): CallSummary {
  const { args: _args, responseJson, ...rest } = view.call;
  return { ...rest, hasResponse: responseJson !== undefined };
}

/**
 * A call saved on another desk (or this one), shown read only in the
 * detail's place: the same sections as a local call's detail, none of its
 * actions but "Copy report" and comparing its response with a local call's.
 */
export function SavedCallDrawer({ view }: { view: SavedCallView }) {
  const panel = useRef<HTMLElement>(null);
  const summary = summaryOf(view);
  const { call } = view;
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('h2')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]') !== null) return;
      closeSavedCall();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [view]);
  return (
    <aside
      ref={panel}
      className="call-detail saved-call"
      aria-label="Saved call, read only"
      data-testid="saved-call"
    >
      <div className="section-head">
        <h2 tabIndex={-1}>{visibleText(call.presetName ?? 'Custom call')}</h2>
        <span className="muted">{visibleText(call.robotName)}</span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={closeSavedCall}
          aria-label="Close the saved call"
        >
          ✕
        </button>
      </div>
      <p className="saved-call-banner" role="note">
        <span className="badge badge-saved">Saved call, read only</span>{' '}
        <span className="small">
          {visibleText(view.fileName)}, saved {new Date(view.savedAt).toLocaleString()}
        </span>
      </p>
      <p className="row">
        <StateBadge call={summary} />
        {call.webhookCallId !== null && (
          <span className="small">
            webhookCallId <code>{visibleText(call.webhookCallId)}</code>
          </span>
        )}
      </p>
      <p className="call-outcome" data-testid="call-outcome">
        {visibleText(callOutcome(summary))}
      </p>
      <div className="row call-actions" role="toolbar" aria-label="Saved call actions">
        <button
          type="button"
          className="btn btn-sm"
          onClick={() => void copyReport(call, `robot-tray call show ${view.fileName} --output FILE`)}
        >
          Copy report
        </button>
      </div>
      <RequestSection detail={call} />
      <TimelineSection summary={summary} />
      {call.responseJson !== undefined && (
        <section className="detail-section detail-response" aria-label="Response">
          <h3>Response</h3>
          <LazyJsonViewer text={call.responseJson} label="Response" fileName={`response-${call.id}.json`} />
        </section>
      )}
      {call.responseJson !== undefined && <SavedCompare responseJson={call.responseJson} />}
    </aside>
  );
}
