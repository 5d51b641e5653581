import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { pollTrouble } from '../../../../shared/sentences/pollTrouble.ts';
import { durationOf, formatSpan, untilNextPoll } from './model/callTiming.ts';
import { useNow } from './useNow.ts';

type Props = {
  call: Pick<
    CallSummary,
    'state' | 'createdAt' | 'sentAt' | 'finishedAt' | 'nextPollAt' | 'pollCount' | 'error'
  >;
};

/**
 * The state in a word; while waiting, also how long, how many polls, and the
 * next poll, or, while polls fail, what the last one met and how many in a row.
 */
export function StateBadge({ call }: Props) {
  const waiting = call.state === 'waiting';
  const now = useNow(waiting);
  const next = waiting ? untilNextPoll(call, now) : null;
  const trouble = pollTrouble(call, now);
  return (
    <span className="call-state">
      <span className="badge" data-state={call.state}>
        {stateLabel(call.state)}
      </span>
      {waiting && (
        <span className="muted small">
          {' '}
          {formatSpan(durationOf(call, now))} · {call.pollCount} {call.pollCount === 1 ? 'poll' : 'polls'}
          {trouble === null && next !== null && ` · next in ${Math.ceil(next / 1000)} s`}
        </span>
      )}
      {trouble !== null && (
        <span className="poll-trouble small" title={call.error?.message}>
          {' · '}
          {trouble}
        </span>
      )}
    </span>
  );
}
