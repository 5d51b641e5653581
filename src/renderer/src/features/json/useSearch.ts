import { useEffect, useMemo, useState } from 'react';
import type { JsonDocument } from './useJsonDocument.ts';

/**
 * Search runs in the worker, a moment after typing pauses; the newest query
 * wins. Moving to a match reveals it (its ancestors open, the row selected).
 */
const noMatches = new Uint8Array(0);

export function useSearch(doc: JsonDocument, reveal: (node: number) => void) {
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<Int32Array>(() => new Int32Array(0));
  const [current, setCurrent] = useState(-1);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    let live = true;
    if (query === '') {
      setMatches(new Int32Array(0));
      setCurrent(-1);
      return;
    }
    setSearching(true);
    // Node numbers past the start are not known yet: the search runs on the whole, once read.
    if (doc.partial) return;
    const timer = setTimeout(() => {
      void doc.search(query).then((found) => {
        if (!live) return;
        setSearching(false);
        setMatches(found);
        setCurrent(found.length > 0 ? 0 : -1);
        if (found.length > 0) reveal(found[0]!);
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [doc, query, reveal]);

  const isMatch = useMemo(() => {
    if (matches.length === 0) return noMatches;
    const flags = new Uint8Array(doc.index.count);
    for (const node of matches) flags[node] = 1;
    return flags;
  }, [doc, matches]);

  const go = (step: number) => {
    if (matches.length === 0) return;
    const next = (current + step + matches.length) % matches.length;
    setCurrent(next);
    reveal(matches[next]!);
  };
  return { query, setQuery, matches, current, searching, isMatch, next: () => go(1), previous: () => go(-1) };
}
export type SearchState = ReturnType<typeof useSearch>;
