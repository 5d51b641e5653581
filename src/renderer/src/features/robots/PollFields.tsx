import type { PollDraft } from './robotDraft.ts';

type Props = {
  draft: PollDraft;
  onChange: (patch: Partial<PollDraft>) => void;
  /** What an empty box means here. */
  emptyMeans?: string;
  error: string | undefined;
};

const rows: Array<{ key: keyof PollDraft; label: string; unit: string }> = [
  { key: 'firstDelaySeconds', label: 'First check after', unit: 'seconds' },
  { key: 'maxDelaySeconds', label: 'Longest gap between checks', unit: 'seconds' },
  { key: 'factor', label: 'Slow down each time by', unit: '×' },
  { key: 'watchMinutes', label: 'Stop watching after', unit: 'minutes' },
];

/** Per-robot poll settings; an empty box uses the default from Settings. */
export function PollFields({ draft, onChange, error, emptyMeans = 'the default from Settings' }: Props) {
  return (
    <fieldset className="poll-fields" aria-describedby={error !== undefined ? 'poll-error' : undefined}>
      <legend>How often to check a running call</legend>
      <p className="field-hint">Leave a box empty to use {emptyMeans}.</p>
      <div className="poll-grid">
        {rows.map((row) => (
          <label key={row.key} className="poll-row">
            <span>{row.label}</span>
            <span className="row">
              <input
                type="text"
                inputMode="decimal"
                value={String(draft[row.key])}
                aria-invalid={error !== undefined}
                onChange={(event) => onChange({ [row.key]: event.target.value })}
                placeholder="default"
                size={8}
              />
              <span className="muted small">{row.unit}</span>
            </span>
          </label>
        ))}
      </div>
      {error !== undefined && (
        <p id="poll-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
