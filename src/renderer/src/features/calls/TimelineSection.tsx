import { visibleText } from '../../../../shared/visibleText.ts';
import type { CallSummary } from '../../../../shared/models/callSummary.ts';
import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { pollTrouble } from '../../../../shared/sentences/pollTrouble.ts';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { DetailDisclosure } from './DetailDisclosure.tsx';
import { untilNextPoll } from './model/callTiming.ts';
import { useNow } from './useNow.ts';

/** "Sending 7:09:52 PM → Done 7:09:55 PM · 3 polls": the timeline in one line. */
function timelineGist(summary: CallSummary): string {
  const first = summary.timeline[0];
  const last = summary.timeline.at(-1);
  const polls = `${summary.pollCount} ${summary.pollCount === 1 ? 'poll' : 'polls'}`;
  if (first === undefined || last === undefined) return polls;
  const ends = first === last ? '' : ` → ${stateLabel(last.state)} ${clockTime(last.at)}`;
  return `${stateLabel(first.state)} ${clockTime(first.at)}${ends} · ${polls}`;
}

/** Every state change with its time, the polls so far and the next one, one click away. */
export function TimelineSection({ summary, open }: { summary: CallSummary; open: boolean }) {
  const now = useNow(summary.state === 'waiting');
  const next = untilNextPoll(summary, now);
  const trouble = pollTrouble(summary, now);
  return (
    <DetailDisclosure title="Timeline" open={open} gist={timelineGist(summary)}>
      <section className="detail-section" aria-label="Timeline">
        <ol className="timeline">
          {summary.timeline.map((entry, i) => (
            <li key={i}>
              <time dateTime={new Date(entry.at).toISOString()}>{clockTime(entry.at)}</time>{' '}
              <span className="badge" data-state={entry.state}>
                {stateLabel(entry.state)}
              </span>
              {entry.note !== undefined && <span className="muted"> {visibleText(entry.note)}</span>}
            </li>
          ))}
        </ol>
        <p className="muted small">
          {summary.pollCount} {summary.pollCount === 1 ? 'poll' : 'polls'}
          {summary.lastPolledAt !== null && `, last at ${clockTime(summary.lastPolledAt)}`}
          {next !== null &&
            summary.nextPollAt !== null &&
            `; next at ${clockTime(summary.nextPollAt)} (in ${Math.ceil(next / 1000)} s)`}
          {summary.watchUntil !== null &&
            summary.state === 'waiting' &&
            `; watching until ${clockTime(summary.watchUntil)}`}
        </p>
        {trouble !== null && summary.error !== null && (
          <p className="poll-trouble small" role="status">
            {trouble[0]!.toUpperCase() + trouble.slice(1)}, at {clockTime(summary.error.at)}.{' '}
            {summary.error.message}
          </p>
        )}
      </section>
    </DetailDisclosure>
  );
}
