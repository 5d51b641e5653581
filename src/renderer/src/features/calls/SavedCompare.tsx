import { useState } from 'react';
import { visibleText } from '../../../../shared/visibleText.ts';
import { useCalls } from '../../stores/calls.ts';
import { useResponseDiff } from './diff/useResponseDiff.ts';
import { DiffLines } from './DiffLines.tsx';
import { clockTime } from './model/callTiming.ts';
import { useCallDetail } from './useCallDetail.ts';

/** How many local calls "Compare with…" offers: the newest with a response. */
const OFFERED = 50;

/** The saved call's response against a local call's, picked from the newest calls with a response. */
export function SavedCompare({ responseJson }: { responseJson: string }) {
  const [localId, setLocalId] = useState<string | null>(null);
  const order = useCalls((s) => s.order);
  const byId = useCalls((s) => s.byId);
  const offered = order
    .map((id) => byId.get(id))
    .filter((c) => c?.hasResponse === true)
    .slice(0, OFFERED);
  return (
    <section className="detail-section" aria-label="Compare with a local call">
      <h3>Compare with…</h3>
      <label className="field-inline">
        <span className="small muted">A call on this computer </span>
        <select
          aria-label="Compare with a local call"
          value={localId ?? ''}
          onChange={(e) => setLocalId(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">Choose a call…</option>
          {offered.map((c) => (
            <option key={c!.id} value={c!.id}>
              {visibleText(
                `${c!.robotName} · ${c!.presetName ?? 'Custom call'} · ${clockTime(c!.createdAt)}`,
              )}
            </option>
          ))}
        </select>
      </label>
      {offered.length === 0 && <p className="muted small">No call here has a response to compare with.</p>}
      {localId !== null && <LocalDiff localId={localId} responseJson={responseJson} />}
    </section>
  );
}

function LocalDiff({ localId, responseJson }: { localId: string; responseJson: string }) {
  const local = useCallDetail(localId, 'fixed');
  const ready = local.status === 'ready' && local.call.id === localId ? local.call : undefined;
  if (local.status === 'error') return <p className="field-error">{local.message}</p>;
  if (ready === undefined) return <Comparing />;
  if (ready.responseJson === undefined) {
    return <p className="field-error">That call no longer holds a response to compare with.</p>;
  }
  return <ReadyDiff saved={responseJson} local={ready.responseJson} />;
}

/** The saved call is "before", the local run "after", as `robot-tray call diff FILE CALL` shows them. */
function ReadyDiff({ saved, local }: { saved: string; local: string }) {
  const diff = useResponseDiff(saved, local);
  if (diff.status === 'comparing') return <Comparing />;
  if (diff.status === 'failed') return <p className="field-error">{diff.message}</p>;
  return <DiffLines diff={diff} sameText="Same response as the saved call." />;
}

function Comparing() {
  return (
    <p className="muted" role="status">
      Comparing…
    </p>
  );
}
