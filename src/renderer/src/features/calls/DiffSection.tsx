import { useMemo } from 'react';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import type { JsonValue } from '../../../../shared/models/json.ts';
import { clockTime } from './model/callTiming.ts';
import { diffJson } from './model/responseDiff.ts';
import { useCallDetail } from './useCallDetail.ts';

const preview = (v: JsonValue) => {
  const text = JSON.stringify(v);
  return text.length > 120 ? text.slice(0, 120) + '…' : text;
};

/** The response against the previous run of the same preset: paths added, removed, changed. */
export function DiffSection({ previous, response }: { previous: CallSummary; response: JsonValue }) {
  const before = useCallDetail(previous.id, 'fixed');
  const diff = useMemo(
    () =>
      before.status === 'ready' && before.call.response !== undefined
        ? diffJson(before.call.response, response)
        : null,
    [before, response],
  );
  return (
    <section className="detail-section" aria-label="Compared with the previous run">
      <h3>Compared with the run at {clockTime(previous.createdAt)}</h3>
      {before.status === 'error' && <p className="field-error">{before.message}</p>}
      {diff === null && before.status !== 'error' && <p className="muted">Reading the previous response…</p>}
      {diff !== null && diff.entries.length === 0 && (
        <p data-testid="diff-same">Same response as the previous run.</p>
      )}
      {diff !== null && diff.entries.length > 0 && (
        <ul className="diff-list" data-testid="diff-list">
          {diff.entries.map((entry, i) => (
            <li key={i} data-kind={entry.kind}>
              <span className="badge">{entry.kind}</span> <code>{entry.path}</code>{' '}
              {entry.kind !== 'added' && <del>{preview(entry.before)}</del>}
              {entry.kind === 'changed' && ' → '}
              {entry.kind !== 'removed' && <ins>{preview(entry.after)}</ins>}
            </li>
          ))}
          {diff.truncated && (
            <li className="muted">…and more; the first {diff.entries.length} differences are shown.</li>
          )}
        </ul>
      )}
    </section>
  );
}
