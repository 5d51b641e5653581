import type { CallDetail } from '../../../../shared/models/call.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { useRunDiff } from './diff/useRunDiff.ts';
import { DiffLines } from './DiffLines.tsx';
import { useCallDetail } from './useCallDetail.ts';

type Props = {
  previous: CallSummary;
  /** The call shown: its id at once, its detail (arguments, response) once fetched. */
  callId: string;
  detail: CallDetail | undefined;
};

/**
 * This run against the previous run of the same preset: the arguments each
 * sent, then the responses, paths added, removed, changed. The previous
 * run is fetched as the call opens, beside its own detail, and the two
 * compared in a worker.
 */
export function DiffSection({ previous, callId, detail }: Props) {
  const before = useCallDetail(previous.id, 'fixed');
  // The previous run can change while this is open (an older run finishes):
  // compare only with the one named in the heading.
  const ready = before.status === 'ready' && before.call.id === previous.id ? before.call : undefined;
  const diff = useRunDiff(`${previous.id}:${callId}`, {
    'args.before': ready === undefined ? undefined : JSON.stringify(ready.args),
    'args.after': detail === undefined ? undefined : JSON.stringify(detail.args),
    'response.before': ready?.responseJson,
    'response.after': detail?.responseJson,
  });
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
          Comparing with the previous run…
        </p>
      )}
      <DiffLines diff={diff} other="the previous run" />
    </section>
  );
}
