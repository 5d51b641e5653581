import type { DiffLine } from '../../../../../shared/responseDiff.ts';

export type DiffSide = 'before' | 'after';

/** Both responses in slices (see postInSlices); the diff follows the last slice of both. */
export type DiffRequest = { type: 'slice'; side: DiffSide; text: string; last: boolean };

export type DiffResponse =
  { type: 'diff'; lines: DiffLine[]; truncated: boolean } | { type: 'failed'; message: string };
