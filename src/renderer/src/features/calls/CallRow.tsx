import { usualRunBasis } from '../../../../shared/models/usualRun.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { memo } from 'react';
import { useCalls } from '../../stores/calls.ts';
import { clockTime } from '../../../../shared/timeFormats.ts';
import { durationOf, formatSpan } from './model/callTiming.ts';
import { StateBadge } from './StateBadge.tsx';

type Props = {
  id: string;
  top: number;
  selected: boolean;
  onPick: (id: string, open: boolean) => void;
  /** Its menu, at the pointer (right click). */
  onMenu: (id: string, x: number, y: number) => void;
};

/** One call, read from the store by its id: a change to another call does not redraw it. */
export const CallRow = memo(function CallRow({ id, top, selected, onPick, onMenu }: Props) {
  const call = useCalls((s) => s.byId.get(id));
  if (call === undefined) return null;
  const finished = call.finishedAt !== null;
  return (
    <div
      role="option"
      id={`call-row-${id}`}
      aria-selected={selected}
      data-call-id={id}
      data-state={call.state}
      className={`call-row${selected ? ' is-selected' : ''}`}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onPick(id, false)}
      onDoubleClick={() => onPick(id, true)}
      onContextMenu={(event) => {
        event.preventDefault();
        onMenu(id, event.clientX, event.clientY);
      }}
    >
      <div className="call-row-main">
        <span className="call-preset">{visibleText(call.presetName ?? 'Custom call')}</span>
        <span className="muted small"> · {visibleText(call.robotName)}</span>
        <span className="call-method small">{call.method}</span>
      </div>
      <div className="call-row-meta small">
        <StateBadge call={call} />
        <span className="muted">
          {clockTime(call.createdAt)}
          {finished && ` · ${formatSpan(durationOf(call, call.finishedAt!))}`}
        </span>
        {call.state === 'waiting' && call.usual !== undefined && (
          <span className="muted call-usual" data-testid="call-usual" title={usualRunBasis(call.usual.runs)}>
            {visibleText(call.usual.text)}
          </span>
        )}
      </div>
    </div>
  );
});
