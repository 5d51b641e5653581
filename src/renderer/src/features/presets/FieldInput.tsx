import type { PresetField } from '../../../../shared/models/presetFields.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { Field } from '../../ui/Field.tsx';
import { defaultText, fieldText, hintOf } from './fieldHints.ts';

type Props = {
  /** The control's element id (its label points at it). */
  id: string;
  field: PresetField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

/**
 * One fill-in field's control, of its type: a choice or yes/no as a list, a
 * secret as a password box, a date as a date box, with its help, default,
 * range and secrecy in the hint. The fill-in dialog and a link's
 * confirmation both use it, so a field reads the same wherever it is asked.
 */
export function FieldInput({ id, field, value, error, onChange }: Props) {
  const label = visibleText(field.label ?? field.name) + (field.required ? ' (required)' : '');
  const common = { id, name: field.name };
  const placeholder = field.default === undefined ? undefined : fieldText(field.default);
  if (field.type === 'boolean') {
    return (
      <Field label={label} hint={hintOf(field)} error={error} id={common.id}>
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {field.default === undefined ? '(not set)' : `(default: ${defaultText(field)})`}
          </option>
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
      </Field>
    );
  }
  if (field.type === 'choice') {
    return (
      <Field label={label} hint={hintOf(field)} error={error} id={common.id}>
        <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">
            {placeholder === undefined ? '(choose)' : `(default: ${visibleText(placeholder)})`}
          </option>
          {(field.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {visibleText(choice)}
            </option>
          ))}
        </select>
      </Field>
    );
  }
  return (
    <Field label={label} hint={hintOf(field)} error={error} id={common.id}>
      <input
        {...common}
        type={field.secret ? 'password' : field.type === 'date' ? 'date' : 'text'}
        inputMode={field.type === 'number' ? 'decimal' : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...(field.type === 'date' && typeof field.min === 'string' ? { min: field.min } : {})}
        {...(field.type === 'date' && typeof field.max === 'string' ? { max: field.max } : {})}
      />
    </Field>
  );
}
