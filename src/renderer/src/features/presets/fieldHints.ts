import type { PresetField } from '../../../../shared/models/presetFields.ts';
import { visibleText } from '../../../../shared/visibleText.ts';

/*
 * What a fill-in field's control says around it, wherever it is asked (the
 * fill-in form, a link's confirmation): its help, default, range and secrecy,
 * each a sentence of its own, the default as the control offers it.
 */

/** A field value written as the text its box holds. */
export const fieldText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';

function rangeOf(field: PresetField): string | undefined {
  if (field.type !== 'number' && field.type !== 'date') return undefined;
  const { min, max } = field;
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}.`;
  if (min !== undefined) return field.type === 'date' ? `On or after ${min}.` : `At least ${min}.`;
  if (max !== undefined) return field.type === 'date' ? `On or before ${max}.` : `At most ${max}.`;
  return undefined;
}

/** A default as its control offers it: yes or no for a yes/no field. */
export function defaultText(field: PresetField): string {
  if (field.type === 'boolean') return field.default === true ? 'yes' : 'no';
  return fieldText(field.default);
}

/** The author's help as a sentence of its own, so the hints after it do not run on from it. */
function helpSentence(help: string | undefined): string | undefined {
  const text = help?.trim();
  if (text === undefined || text === '') return undefined;
  return /[.!?…:)]$/.test(text) ? text : `${text}.`;
}

export function hintOf(field: PresetField): string | undefined {
  const parts = [
    helpSentence(field.help),
    field.default === undefined ? undefined : `Default: ${defaultText(field)}.`,
    rangeOf(field),
    field.secret ? 'Secret: sent to the robot, never kept by Robot Tray.' : undefined,
  ].filter((p): p is string => p !== undefined && p !== '');
  return parts.length === 0 ? undefined : visibleText(parts.join(' '));
}
