/**
 * Where a figure measured in several processes lies: the median, so one
 * process's luck does not decide it, with the fewest and the most any saw.
 */
export type Spread = { median: number; min: number; max: number };

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread: no values');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** "183 MiB (171-192)": the median, then the range. */
export function spreadText(s: Spread, unit: string, digits = 0): string {
  const n = (v: number) => v.toFixed(digits);
  return `${n(s.median)} ${unit} (${n(s.min)}–${n(s.max)})`;
}
