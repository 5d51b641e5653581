import { visibleText } from '../../../../shared/visibleText.ts';
import type { DiffState } from './diff/useRunDiff.ts';
import type { PartDiff } from '../../../../shared/models/runDiff.ts';

/** One part's differences: "same", or the paths added, removed and changed. */
function PartLines({ diff, sameText, label }: { diff: PartDiff; sameText: string; label: string }) {
  if (diff.lines.length === 0) return <p data-testid={`diff-same-${label}`}>{sameText}</p>;
  return (
    <ul className="diff-list" data-testid={`diff-list-${label}`}>
      {diff.lines.map((line, i) => (
        <li key={i} data-kind={line.kind}>
          <span className="badge">{line.kind}</span> <code>{visibleText(line.path)}</code>{' '}
          {line.before !== undefined && <del>{visibleText(line.before)}</del>}
          {line.kind === 'changed' && ' → '}
          {line.after !== undefined && <ins>{visibleText(line.after)}</ins>}
        </li>
      ))}
      {diff.truncated && (
        <li className="muted">…and more; the first {diff.lines.length} differences are shown.</li>
      )}
    </ul>
  );
}

/**
 * A finished comparison of two runs: what each sent (its arguments), then
 * what came back, each "the same" or the paths added, removed and changed;
 * `other` names the run compared with ("the previous run", "the saved call").
 */
export function DiffLines({ diff, other }: { diff: DiffState; other: string }) {
  if (diff.status !== 'ready') return null;
  return (
    <div className="diff-parts">
      <h4>Arguments</h4>
      <PartLines diff={diff.args} label="args" sameText={`Same arguments as ${other}.`} />
      <h4>Response</h4>
      <PartLines diff={diff.response} label="response" sameText={`Same response as ${other}.`} />
    </div>
  );
}
