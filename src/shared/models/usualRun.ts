import { z } from 'zod';

/**
 * How long a call's robot (or preset) usually runs, learned from its
 * finished calls: the middle half of its recent run times (25th to 75th
 * percentile, from acceptance to the answer that ended it), and how many
 * runs that rests on. Shown as "usually done in 12–20 s".
 */
export const UsualRun = z.object({
  runs: z.number().int().min(1),
  lowMs: z.number().min(0),
  highMs: z.number().min(0),
  text: z.string().max(200),
});
export type UsualRun = z.infer<typeof UsualRun>;

/** What the run-time note rests on, in words. */
export function usualRunBasis(runs: number): string {
  return `the middle half (25th to 75th percentile) of the last ${runs.toString()} finished runs`;
}

/** A duration for the run-time note: tenths under 10 s, whole seconds under 2 min, then minutes. */
function seconds(ms: number, unit: boolean): string {
  const s = ms / 1000;
  if (s < 10) return `${(Math.round(s * 10) / 10).toString()}${unit ? ' s' : ''}`;
  if (s < 120) return `${Math.round(s).toString()}${unit ? ' s' : ''}`;
  return `${Math.round(s / 60).toString()}${unit ? ' min' : ''}`;
}

/** "usually done in 12–20 s" (the middle half of its recent runs). */
export function usualRunText(lowMs: number, highMs: number): string {
  const sameUnit = lowMs < 120_000 === highMs < 120_000;
  const low = seconds(lowMs, !sameUnit);
  const high = seconds(highMs, true);
  return low === high.replace(/ (s|min)$/, '')
    ? `usually done in about ${high}`
    : `usually done in ${low}–${high}`;
}
