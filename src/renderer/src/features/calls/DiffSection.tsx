import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { useCallsDiff } from './diff/useCallsDiff.ts';
import { DiffLines } from './DiffLines.tsx';

type Props = {
  previous: CallSummary;
  /** The call shown, and its version (state): compared again when it changes. */
  callId: string;
  version: string;
  /**
   * Whether main has answered for the call's own response (its start, the
   * whole, or why not). Main answers in the order asked, and a 20 MB
   * comparison takes it a tenth of a second or more: the response's first
   * rows are asked for first.
   */
  responseAnswered: boolean;
};

/**
 * This run against the previous run of the same preset: the arguments each
 * sent, then the responses, paths added, removed, changed, compared by
 * main once the call's response has begun to come (or failed to).
 */
export function DiffSection({ previous, callId, version, responseAnswered }: Props) {
  const diff = useCallsDiff(previous.id, callId, version, responseAnswered);
  return (
    <section className="detail-section" aria-label="Compared with the previous run">
      <h3>Compared with the run at {clockTime(previous.createdAt)}</h3>
      {diff.status === 'failed' && <p className="field-error">{diff.message}</p>}
      {diff.status === 'comparing' && (
        <p className="muted" role="status">
          Comparing with the previous run…
        </p>
      )}
      <DiffLines diff={diff} other="the previous run" />
    </section>
  );
}
