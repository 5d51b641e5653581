import type { Preset } from '../../shared/models/preset.ts';
import type { FieldValues } from '../../shared/models/presetFields.ts';
import { AppError } from '../errors.ts';
import { MAX_CONCURRENCY } from './batchTypes.ts';

/** Every secret field given, and nothing else: a value named otherwise would replace each row's own. */
export function checkSecrets(names: readonly string[], secrets: FieldValues): void {
  const other = Object.keys(secrets).filter((name) => !names.includes(name));
  if (other.length > 0)
    throw new AppError(
      'validation',
      `${other.join(', ')}: not a secret field of the batch's preset (${names.join(', ') || 'it has none'}); give other fields as columns of the rows.`,
    );
  const missing = names.filter((name) => secrets[name] === undefined || secrets[name] === '');
  if (missing.length > 0)
    throw new AppError(
      'validation',
      `The batch needs the secret field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}, given once for all rows and never kept.`,
    );
}

/** The names of the preset's secret fields: asked once for a batch, never kept in its rows. */
export const secretFieldsOf = (preset: Preset): string[] =>
  preset.fields.filter((f) => f.secret).map((f) => f.name);

/** Rows in flight at once: 1 to MAX_CONCURRENCY. */
export function checkedConcurrency(concurrency: number): number {
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_CONCURRENCY)
    throw new AppError('validation', `concurrency: expected a whole number from 1 to ${MAX_CONCURRENCY}.`);
  return concurrency;
}
