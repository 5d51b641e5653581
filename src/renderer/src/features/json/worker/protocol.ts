import type { JsonIndex } from '../model/jsonIndex.ts';
import type { Expansion } from '../model/visibleRows.ts';

/**
 * The rows to show first, worked out in the worker: for a million nodes the
 * window would spend tens of milliseconds on them in one go.
 */
export type InitialRows = { expanded: Expansion; rows: Int32Array };

/** What the window asks the JSON worker, and what it answers. */
export type WorkerRequest =
  /** A new document of `length` characters follows. */
  | { type: 'start'; length: number }
  /** The text in slices (each posted in a task of its own), indexed as they come, then `open`. */
  | { type: 'chunk'; text: string }
  /** The last slice, and how many levels start open. */
  | { type: 'open'; text: string; depth: number }
  | { type: 'search'; id: number; query: string }
  | { type: 'pretty' };

export type WorkerResponse =
  | ({ type: 'opened'; index: JsonIndex } & InitialRows)
  | { type: 'failed'; message: string }
  | { type: 'found'; id: number; matches: Int32Array }
  | { type: 'pretty'; text: string; lineStarts: Int32Array };
