import type { PresetField } from '../../../../shared/models/presetFields.ts';
import { FieldInput } from '../presets/FieldInput.tsx';

type Props = {
  fields: readonly PresetField[];
  /** Each field's value as typed (a link's text, or the default written out). */
  texts: Readonly<Record<string, string>>;
  problems: ReadonlyMap<string, string>;
  onChange: (name: string, text: string) => void;
};

/** The value a field starts with: the link's, else its default as text, else empty. */
export function startingText(field: PresetField, fromLink: Readonly<Record<string, string>>): string {
  if (Object.hasOwn(fromLink, field.name)) return fromLink[field.name]!;
  return field.default === undefined ? '' : String(field.default);
}

/** The id of a field's box (field names are letters, digits, "_" and "-"). */
export function runFieldId(name: string): string {
  return `run-field-${name}`;
}

/**
 * A link's run: the preset's fill-in fields, each with the same control,
 * hint and problem as in the fill-in dialog, started from the link's values.
 */
export function RunFieldsForm({ fields, texts, problems, onChange }: Props) {
  return (
    <fieldset className="run-fields">
      <legend>Fields</legend>
      {fields.map((field) => (
        <FieldInput
          key={field.name}
          id={runFieldId(field.name)}
          field={field}
          value={texts[field.name] ?? ''}
          error={problems.get(field.name)}
          onChange={(text) => onChange(field.name, text)}
        />
      ))}
    </fieldset>
  );
}
