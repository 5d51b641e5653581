import { argTypes, newRow, type ArgRow, type ArgType } from './argsModel.ts';

type Props = {
  rows: ArgRow[];
  errors: Record<string, string>;
  onChange: (rows: ArgRow[]) => void;
};

/** Arguments as a table: a name, a type and a value per row. */
export function ArgsTable({ rows, errors, onChange }: Props) {
  const update = (id: string, patch: Partial<ArgRow>) =>
    onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  const setType = (row: ArgRow, type: ArgType) =>
    update(row.id, {
      type,
      value:
        type === 'boolean' ? (row.value === 'false' ? 'false' : 'true') : type === 'null' ? '' : row.value,
    });
  return (
    <div className="args-table">
      <table>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Type</th>
            <th scope="col">Value</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => {
            const label = row.key.trim() === '' ? `argument ${i + 1}` : `argument ${row.key}`;
            const error = errors[row.id];
            return (
              <tr key={row.id} aria-invalid={error !== undefined}>
                <td>
                  <input
                    type="text"
                    aria-label={`Name of ${label}`}
                    value={row.key}
                    onChange={(e) => update(row.id, { key: e.target.value })}
                    spellCheck={false}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Type of ${label}`}
                    value={row.type}
                    onChange={(e) => setType(row, e.target.value as ArgType)}
                  >
                    {argTypes.map((t) => (
                      <option key={t.value} value={t.value}>
                        {t.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {row.type === 'boolean' ? (
                    <select
                      aria-label={`Value of ${label}`}
                      value={row.value}
                      onChange={(e) => update(row.id, { value: e.target.value })}
                    >
                      <option value="true">true</option>
                      <option value="false">false</option>
                    </select>
                  ) : row.type === 'null' ? (
                    <span className="muted small">null</span>
                  ) : (
                    <input
                      type="text"
                      aria-label={`Value of ${label}`}
                      aria-invalid={error !== undefined}
                      className={row.type === 'json' ? 'mono' : undefined}
                      inputMode={row.type === 'number' ? 'decimal' : undefined}
                      value={row.value}
                      onChange={(e) => update(row.id, { value: e.target.value })}
                      spellCheck={false}
                    />
                  )}
                  {error !== undefined && <p className="field-error">{error}</p>}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Remove ${label}`}
                    onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className="btn btn-sm" onClick={() => onChange([...rows, newRow()])}>
        + Add argument
      </button>
    </div>
  );
}
