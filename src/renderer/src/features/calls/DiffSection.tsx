import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { useResponseDiff } from './diff/useResponseDiff.ts';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { DiffLines } from './DiffLines.tsx';
import { useCallDetail } from './useCallDetail.ts';

/**
 * The response against the previous run of the same preset: paths added,
 * removed, changed. Both responses are read and compared in a worker.
 */
export function DiffSection({ previous, responseJson }: { previous: CallSummary; responseJson: string }) {
  const before = useCallDetail(previous.id, 'fixed');
  // The previous run can change while this is open (an older run finishes):
  // compare only with the one named in the heading.
  const ready = before.status === 'ready' && before.call.id === previous.id ? before.call : undefined;
  const diff = useResponseDiff(ready?.responseJson, responseJson);
  const failure =
    before.status === 'error'
      ? before.message
      : ready !== undefined && ready.responseJson === undefined
        ? 'The previous run no longer holds a response to compare with.'
        : diff.status === 'failed'
          ? diff.message
          : null;
  return (
    <section className="detail-section" aria-label="Compared with the previous run">
      <h3>Compared with the run at {clockTime(previous.createdAt)}</h3>
      {failure !== null && <p className="field-error">{failure}</p>}
      {failure === null && diff.status === 'comparing' && (
        <p className="muted" role="status">
          Comparing with the previous response…
        </p>
      )}
      <DiffLines diff={diff} sameText="Same response as the previous run." />
    </section>
  );
}
