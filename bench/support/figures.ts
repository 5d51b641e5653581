/**
 * One measured figure, as every benchmark reports it and bench/results.json
 * stores it: the value, the baseline measured in the same run, their ratio,
 * and the target with whether this run met it. A figure that could not be
 * measured (a library that timed out) has a null value and says what was
 * found; against a target it counts as missed, never as met.
 */
import { z } from 'zod';

const measure = z.number().finite().nullable();

export const targetSchema = z.strictObject({
  /** What the limit applies to: the value itself or its ratio to the baseline. */
  on: z.enum(['value', 'ratio']),
  op: z.enum(['<=', '>=']),
  limit: z.number().finite(),
  /** Where the target comes from, e.g. "issue 23". */
  source: z.string().min(1),
});
export type Target = z.infer<typeof targetSchema>;

const figureFields = z.strictObject({
  name: z.string().min(1),
  value: measure,
  unit: z.string(),
  baseline: z.strictObject({ name: z.string().min(1), value: measure, unit: z.string() }).nullable(),
  ratio: measure,
  target: targetSchema.nullable(),
  met: z.boolean().nullable(),
  /** What else the run saw: counts, percentiles, why a value is missing. */
  found: z.string(),
});
export type Figure = z.infer<typeof figureFields>;

export type FigureInput = Omit<Figure, 'ratio' | 'met' | 'baseline' | 'target' | 'found'> & {
  baseline?: Figure['baseline'];
  target?: Target | null;
  found?: string;
};

function ratioOf(value: number | null, baseline: Figure['baseline']): number | null {
  if (value === null || baseline === null || baseline.value === null || baseline.value === 0) return null;
  return value / baseline.value;
}

/** Whether `target` holds; a figure with nothing to compare has missed it. */
export function judge(target: Target | null, value: number | null, ratio: number | null): boolean | null {
  if (target === null) return null;
  const measured = target.on === 'value' ? value : ratio;
  if (measured === null) return false;
  return target.op === '<=' ? measured <= target.limit : measured >= target.limit;
}

/** Four significant digits: more than any run reproduces, and results.json stays readable. */
export function rounded(value: number | null): number | null {
  return value === null ? null : Number(value.toPrecision(4));
}

// Ratios are computed from the rounded figures and rounded again.
const sameNumber = (a: number | null, b: number | null) =>
  a === null || b === null ? a === b : Math.abs(a - b) <= 1e-3 * Math.abs(b);

/** A figure whose ratio and verdict agree with its value, baseline and target. */
export const figureSchema = figureFields
  .refine((f) => sameNumber(f.ratio, ratioOf(f.value, f.baseline)), {
    message: 'ratio is not value / baseline',
  })
  .refine((f) => f.met === judge(f.target, f.value, f.ratio), { message: 'met does not follow from target' });

export function figure(input: FigureInput): Figure {
  const value = rounded(input.value);
  const baseline = input.baseline ? { ...input.baseline, value: rounded(input.baseline.value) } : null;
  const target = input.target ?? null;
  const ratio = rounded(ratioOf(value, baseline));
  return {
    name: input.name,
    value,
    unit: input.unit,
    baseline,
    ratio,
    target,
    met: judge(target, value, ratio),
    found: input.found ?? '',
  };
}

/** What one benchmark writes to its `--out` file. */
export const benchOutputSchema = z.strictObject({ figures: z.array(figureSchema).min(1) });
export type BenchOutput = z.infer<typeof benchOutputSchema>;
