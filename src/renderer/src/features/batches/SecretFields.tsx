import type { PresetField } from '../../../../shared/models/presetFields.ts';
import { FieldInput } from '../presets/FieldInput.tsx';

type Props = {
  fields: readonly PresetField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** A batch ran already: its values were not kept, so resuming or running again asks anew. */
  again: boolean;
};

/**
 * The preset's secret fields, asked once for the whole batch in password
 * boxes: their values go to main with the start (or resume) and are never
 * kept, here or there, so a resumed batch asks again.
 */
export function SecretFields({ fields, values, errors, onChange, again }: Props) {
  if (fields.length === 0) return null;
  return (
    <fieldset className="batch-secrets">
      <legend>
        {again
          ? 'Secret fields again, to resume or run again (never kept)'
          : 'Secret fields, for every row (never kept)'}
      </legend>
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          id={`batch-secret-${field.name}`}
          field={field}
          value={values[field.name] ?? ''}
          error={errors[field.name]}
          onChange={(value) => onChange(field.name, value)}
        />
      ))}
    </fieldset>
  );
}
