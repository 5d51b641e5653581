import { FIELD_TYPES, type FieldType } from '../../../../shared/models/presetFields.ts';
import { moveFieldRow, newFieldRow, type FieldRow } from './fieldsDraft.ts';

type Props = {
  rows: FieldRow[];
  onChange: (rows: FieldRow[]) => void;
  /** Problems by "rowId.part", shown under that input. */
  errors: Record<string, string>;
  /** Put `{"$field": name}` into the arguments; undefined while the arguments cannot be read. */
  onUse: ((name: string) => void) | undefined;
};

const TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  number: 'Number',
  boolean: 'Yes/no',
  choice: 'Choice',
  date: 'Date',
};

/**
 * A preset's fill-in fields, compactly: one block per field with its name,
 * label, type, rules and help; add, remove and reorder; "Use in arguments"
 * puts a reference to it into the arguments below.
 */
export function FieldsEditor({ rows, onChange, errors, onUse }: Props) {
  const set = (id: string, patch: Partial<FieldRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <fieldset className="fields-editor" data-testid="fields-editor">
      <legend className="field-label">Fill-in fields</legend>
      <p className="field-hint">
        Asked for each time the preset is fired. Arguments use a field as {'{"$field": "name"}'}; its value
        takes that place whole, typed.
      </p>
      {rows.map((row, index) => {
        const err = (part: string) => errors[`${row.id}.${part}`];
        const input = (part: keyof FieldRow, label: string, extra: Record<string, unknown> = {}) => (
          <label className="fields-cell">
            <span className="small muted">{label}</span>
            <input
              type="text"
              aria-label={`Field ${index + 1} ${label.toLowerCase()}`}
              value={String(row[part])}
              aria-invalid={err(part) !== undefined}
              onChange={(e) => set(row.id, { [part]: e.target.value })}
              autoComplete="off"
              spellCheck={false}
              {...extra}
            />
            {err(part) !== undefined && <span className="field-error">{err(part)}</span>}
          </label>
        );
        return (
          <div className="fields-row" key={row.id} data-field-row={index}>
            <div className="fields-line">
              {input('name', 'Name', { placeholder: 'customerId' })}
              {input('label', 'Label', { placeholder: 'Customer' })}
              <label className="fields-cell">
                <span className="small muted">Type</span>
                <select
                  aria-label={`Field ${index + 1} type`}
                  value={row.type}
                  onChange={(e) => set(row.id, { type: e.target.value as FieldType })}
                >
                  {FIELD_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABELS[t]}
                    </option>
                  ))}
                </select>
              </label>
              {input('default', 'Default')}
            </div>
            <div className="fields-line">
              {row.type === 'text' && input('pattern', 'Pattern', { placeholder: '^[0-9]+$' })}
              {(row.type === 'number' || row.type === 'date') && input('min', 'Min')}
              {(row.type === 'number' || row.type === 'date') && input('max', 'Max')}
              {row.type === 'choice' && (
                <label className="fields-cell">
                  <span className="small muted">Choices (one a line)</span>
                  <textarea
                    rows={2}
                    aria-label={`Field ${index + 1} choices`}
                    value={row.choices}
                    onChange={(e) => set(row.id, { choices: e.target.value })}
                  />
                  {err('choices') !== undefined && <span className="field-error">{err('choices')}</span>}
                </label>
              )}
              {input('help', 'Help')}
            </div>
            <div className="fields-line fields-actions">
              <label className="check">
                <input
                  type="checkbox"
                  checked={row.required}
                  onChange={(e) => set(row.id, { required: e.target.checked })}
                />
                <span>Required</span>
              </label>
              <label className="check">
                <input
                  type="checkbox"
                  checked={row.secret}
                  onChange={(e) => set(row.id, { secret: e.target.checked })}
                />
                <span>Secret (never stored)</span>
              </label>
              <span className="spacer" />
              <button
                type="button"
                className="btn btn-sm"
                disabled={onUse === undefined || row.name.trim() === ''}
                onClick={() => onUse?.(row.name.trim())}
              >
                Use in arguments
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Move field ${index + 1} up`}
                disabled={index === 0}
                onClick={() => onChange(moveFieldRow(rows, row.id, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Move field ${index + 1} down`}
                disabled={index === rows.length - 1}
                onClick={() => onChange(moveFieldRow(rows, row.id, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={`Remove field ${index + 1}`}
                onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
              >
                ✕
              </button>
            </div>
          </div>
        );
      })}
      {errors['form'] !== undefined && <p className="field-error">{errors['form']}</p>}
      <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, newFieldRow()])}>
        + Add field
      </button>
    </fieldset>
  );
}
