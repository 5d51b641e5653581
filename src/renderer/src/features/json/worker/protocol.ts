import type { JsonIndex } from '../model/jsonIndex.ts';

/** What the window asks the JSON worker, and what it answers. */
export type WorkerRequest =
  /** The text in slices (each posted in a task of its own), then `open`. */
  | { type: 'chunk'; text: string }
  | { type: 'open'; text: string }
  | { type: 'search'; id: number; query: string }
  | { type: 'pretty' };

export type WorkerResponse =
  /** The start of a large document, ahead of the whole (`opened`). */
  | { type: 'preview'; index: JsonIndex }
  | { type: 'opened'; index: JsonIndex }
  | { type: 'failed'; message: string }
  | { type: 'found'; id: number; matches: Int32Array }
  | { type: 'pretty'; text: string; lineStarts: Int32Array };
