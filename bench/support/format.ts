/** How figures read in the printed table and in docs/performance.md: the same words in both. */
import type { Figure, Target } from './figures.ts';

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 });

export function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? grouped.format(value) : significant.format(value);
}

export function formatValue(value: number | null, unit: string): string {
  if (value === null) return 'none';
  const number = formatNumber(value);
  if (unit === '') return number;
  return unit.startsWith('/') ? `${number}${unit}` : `${number} ${unit}`;
}

export function formatRatio(ratio: number | null): string {
  return ratio === null ? '' : `${formatNumber(ratio)}×`;
}

export function formatTarget(target: Target | null, unit: string): string {
  if (target === null) return '';
  const op = target.op === '<=' ? '≤' : '≥';
  const limit =
    target.on === 'ratio' ? `${formatNumber(target.limit)}× baseline` : formatValue(target.limit, unit);
  return `${op} ${limit} (${target.source})`;
}

export function formatMet(met: boolean | null): string {
  return met === null ? '' : met ? 'met' : 'MISSED';
}

export function formatBaseline(f: Figure): string {
  return f.baseline === null ? '' : `${f.baseline.name}: ${formatValue(f.baseline.value, f.baseline.unit)}`;
}

/** The columns both tables show, one row per figure. */
export function figureRow(f: Figure): string[] {
  const measured = formatValue(f.value, f.unit) + (f.found === '' ? '' : ` (${f.found})`);
  return [
    f.name,
    measured,
    formatBaseline(f),
    formatRatio(f.ratio),
    formatTarget(f.target, f.unit),
    formatMet(f.met),
  ];
}

export const columns = ['figure', 'measured', 'baseline, same run', 'ratio', 'target', 'met'];

/** A plain-text table for the terminal. */
export function textTable(figures: Figure[]): string {
  const rows = [columns, ...figures.map(figureRow)];
  const widths = columns.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
