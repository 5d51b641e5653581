import { groupThousands } from './model/rowWindow.ts';
import type { SearchState } from './useSearch.ts';
import type { TreeState } from './useTreeState.ts';

type Props = {
  tree: TreeState;
  search: SearchState;
  raw: boolean;
  onRaw: (raw: boolean) => void;
  /** Absent while only the start of the text is in hand. */
  onCopyAll: (() => void) | undefined;
  onDownload: (() => void) | undefined;
};

const depths = [1, 2, 3, 4, 5];

export function JsonToolbar({ tree, search, raw, onRaw, onCopyAll, onDownload }: Props) {
  const { matches, current } = search;
  return (
    <div className="json-toolbar" role="toolbar" aria-label="JSON viewer">
      <button type="button" className="btn btn-sm" onClick={tree.expandAll} disabled={raw}>
        Expand all
      </button>
      <button type="button" className="btn btn-sm" onClick={tree.collapseAll} disabled={raw}>
        Collapse all
      </button>
      <label>
        Depth{' '}
        <select
          aria-label="Expand to depth"
          value={String(tree.depth)}
          disabled={raw}
          onChange={(e) =>
            e.target.value === 'all' ? tree.expandAll() : tree.expandTo(Number(e.target.value))
          }
        >
          {tree.depth === 'custom' && (
            <option value="custom" disabled>
              as opened
            </option>
          )}
          <option value="0">0</option>
          {depths.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
          <option value="all">all</option>
        </select>
      </label>
      <button type="button" className="btn btn-sm" aria-pressed={raw} onClick={() => onRaw(!raw)}>
        Raw
      </button>
      <button type="button" className="btn btn-sm" onClick={onCopyAll} disabled={onCopyAll === undefined}>
        Copy all
      </button>
      <button type="button" className="btn btn-sm" onClick={onDownload} disabled={onDownload === undefined}>
        Download
      </button>
      <span className="json-search" role="group" aria-label="Search">
        <input
          type="search"
          aria-label="Search keys and values"
          placeholder="Search keys and values"
          value={search.query}
          disabled={raw}
          onChange={(e) => search.setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') (e.shiftKey ? search.previous : search.next)();
          }}
        />
        <span className="json-count" aria-live="polite" data-testid="json-match-count">
          {search.query === ''
            ? ''
            : search.searching
              ? 'Searching…'
              : matches.length === 0
                ? 'No matches'
                : `${current + 1} of ${groupThousands(matches.length)}`}
        </span>
        <button
          type="button"
          className="btn btn-sm"
          onClick={search.previous}
          disabled={matches.length === 0}
          aria-label="Previous match"
        >
          ↑
        </button>
        <button
          type="button"
          className="btn btn-sm"
          onClick={search.next}
          disabled={matches.length === 0}
          aria-label="Next match"
        >
          ↓
        </button>
      </span>
    </div>
  );
}
