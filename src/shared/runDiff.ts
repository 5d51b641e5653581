import { diffJsonTexts } from './jsonTextDiff.ts';
import type { PartDiff, RunDiff } from './models/runDiff.ts';
import { diffLines, linesOf, readForDiff } from './responseDiff.ts';

/**
 * Where two JSON texts differ, as lines: only the part between what they
 * share read when it can be narrowed (jsonTextDiff.ts), both whole otherwise.
 */
export function diffJsonTextLines(before: string, after: string, limit?: number): PartDiff {
  const narrowed = diffJsonTexts(before, after, limit);
  return narrowed === undefined
    ? diffLines(readForDiff(before), readForDiff(after), limit)
    : linesOf(narrowed);
}

/** A run's two parts as JSON text: the arguments it sent and its response. */
export type RunTexts = { args: string; response: string };

/** Two runs compared, arguments then response: what the window's "Compared with…" sections list. */
export function diffRunTexts(before: RunTexts, after: RunTexts, limit?: number): RunDiff {
  return {
    args: diffJsonTextLines(before.args, after.args, limit),
    response: diffJsonTextLines(before.response, after.response, limit),
  };
}
