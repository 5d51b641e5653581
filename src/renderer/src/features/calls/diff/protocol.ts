import type { PartDiff } from '../../../../../shared/models/runDiff.ts';

/** What a run comparison compares: the arguments sent and the responses. */
export type DiffPart = 'args' | 'response';
export type DiffSide = 'before' | 'after';

/** One text in slices (see postInSlices); the comparison follows the last slice of all four. */
export type DiffRequest = { type: 'slice'; part: DiffPart; side: DiffSide; text: string; last: boolean };

export type DiffResponse =
  { type: 'diff'; args: PartDiff; response: PartDiff } | { type: 'failed'; message: string };
