import { visibleText } from '../../../../shared/visibleText.ts';
import type { DiffState } from './diff/useResponseDiff.ts';

/** A finished comparison: "same", or the paths added, removed and changed. */
export function DiffLines({ diff, sameText }: { diff: DiffState; sameText: string }) {
  if (diff.status !== 'ready') return null;
  if (diff.lines.length === 0) return <p data-testid="diff-same">{sameText}</p>;
  return (
    <ul className="diff-list" data-testid="diff-list">
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
