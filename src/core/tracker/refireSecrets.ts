import type { JsonObject } from '../../shared/models/json.ts';
import type { Preset } from '../../shared/models/preset.ts';
import {
  type FieldValues,
  fieldValueProblem,
  secretFieldsIn,
  typedFieldValue,
  withSecretsFilled,
} from '../../shared/models/presetFields.ts';
import { AppError } from '../errors.ts';
import { secretTexts } from './fireSpec.ts';

/**
 * A recorded call's arguments ready to send again. The history kept a
 * placeholder where a secret field's value was, so each such value must be
 * given again (checked against the preset's field); the record of the new
 * call keeps the placeholders, as the first did.
 */
export function refillSecrets(
  args: JsonObject,
  preset: Preset | undefined,
  given: Readonly<FieldValues>,
): { args: JsonObject; keptArgs?: JsonObject; secrets?: string[] } {
  const names = secretFieldsIn(args);
  const extra = Object.keys(given).filter((name) => !names.includes(name));
  if (extra.length > 0) {
    const wanted = names.length === 0 ? 'this call has no secret fields' : `it needs ${names.join(', ')}`;
    throw new AppError(
      'validation',
      `fields: ${extra.join(', ')} not used to fire this call again; ${wanted}.`,
    );
  }
  if (names.length === 0) return { args };
  const values = new Map<string, string | number | boolean>();
  for (const name of names) {
    const field = preset?.fields.find((f) => f.name === name && f.secret);
    if (field === undefined) {
      throw new AppError(
        'validation',
        `This call was sent with secret field ${name}, which Robot Tray did not keep, and its preset no longer declares it. Fire the preset instead.`,
      );
    }
    const value = Object.hasOwn(given, name) ? given[name] : undefined;
    if (value === undefined || value === null) {
      throw new AppError(
        'validation',
        `${name}: this call was sent with secret field ${name}, whose value Robot Tray did not keep; give it again to fire the call again. Nothing was sent.`,
      );
    }
    // Typed into a password box, a number or yes/no arrives as text.
    const typed = typeof value === 'string' ? typedFieldValue(field, value) : { ok: true as const, value };
    const problem = typed.ok ? fieldValueProblem(field, typed.value) : typed.reason;
    if (problem !== undefined || !typed.ok)
      throw new AppError('validation', `${name}: ${problem}. Nothing was sent.`);
    values.set(name, typed.value);
  }
  return {
    args: withSecretsFilled(args, (name) => values.get(name) ?? null),
    keptArgs: args,
    secrets: secretTexts(values.keys(), Object.fromEntries(values)),
  };
}
