import type { PresetField } from '../../../../shared/models/presetFields.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { Field } from '../../ui/Field.tsx';

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

/** A preset's fill-in fields as a small form: one box per field, of its type. */
export function RunFieldsForm({ fields, texts, problems, onChange }: Props) {
  return (
    <fieldset className="run-fields">
      <legend>Fields</legend>
      {fields.map((field) => {
        const text = texts[field.name] ?? '';
        const set = (value: string) => onChange(field.name, value);
        const label = `${visibleText(field.label ?? field.name)}${field.required ? ' (required)' : ''}`;
        const hint = field.help === undefined ? undefined : visibleText(field.help);
        const error = problems.get(field.name);
        let control;
        if (field.type === 'choice') {
          control = (
            <select value={text} onChange={(e) => set(e.target.value)}>
              <option value="">(none)</option>
              {(field.choices ?? []).map((choice) => (
                <option key={choice} value={choice}>
                  {visibleText(choice)}
                </option>
              ))}
            </select>
          );
        } else if (field.type === 'boolean') {
          control = (
            <select value={text} onChange={(e) => set(e.target.value)}>
              <option value="">(none)</option>
              <option value="true">true</option>
              <option value="false">false</option>
            </select>
          );
        } else {
          control = (
            <input
              type={field.secret ? 'password' : field.type === 'date' ? 'date' : 'text'}
              inputMode={field.type === 'number' ? 'decimal' : undefined}
              autoComplete="off"
              value={text}
              onChange={(e) => set(e.target.value)}
            />
          );
        }
        return (
          <Field key={field.name} id={runFieldId(field.name)} label={label} hint={hint} error={error}>
            {control}
          </Field>
        );
      })}
    </fieldset>
  );
}
