import { useState } from 'react';
import type { JsonObject } from '../../../../shared/models/json.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { useCalls } from '../../stores/calls.ts';
import { useRunDiff } from './diff/useRunDiff.ts';
import { DiffLines } from './DiffLines.tsx';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { useCallDetail } from './useCallDetail.ts';

/** How many local calls "Compare with…" offers: the newest with a response. */
const OFFERED = 50;

type Saved = { args: JsonObject; responseJson: string };

/** The saved call against a local one, picked from the newest calls with a response: arguments and response. */
export function SavedCompare({ saved }: { saved: Saved }) {
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
      {localId !== null && <LocalDiff localId={localId} saved={saved} />}
    </section>
  );
}

function LocalDiff({ localId, saved }: { localId: string; saved: Saved }) {
  const local = useCallDetail(localId, 'fixed');
  const ready = local.status === 'ready' && local.call.id === localId ? local.call : undefined;
  if (local.status === 'error') return <p className="field-error">{local.message}</p>;
  if (ready === undefined) return <Comparing />;
  if (ready.responseJson === undefined) {
    return <p className="field-error">That call no longer holds a response to compare with.</p>;
  }
  return (
    <ReadyDiff
      saved={saved}
      local={{ args: ready.args, responseJson: ready.responseJson }}
      localId={localId}
    />
  );
}

/** The saved call is "before", the local run "after", as `robot-tray call diff FILE CALL` shows them. */
function ReadyDiff({ saved, local, localId }: { saved: Saved; local: Saved; localId: string }) {
  const diff = useRunDiff(localId, {
    'args.before': JSON.stringify(saved.args),
    'args.after': JSON.stringify(local.args),
    'response.before': saved.responseJson,
    'response.after': local.responseJson,
  });
  if (diff.status === 'comparing') return <Comparing />;
  if (diff.status === 'failed') return <p className="field-error">{diff.message}</p>;
  return <DiffLines diff={diff} other="the saved call" />;
}

function Comparing() {
  return (
    <p className="muted" role="status">
      Comparing…
    </p>
  );
}
