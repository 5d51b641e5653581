import { lazy, Suspense, useState } from 'react';
import { ArgsTable } from './ArgsTable.tsx';
import { readArgs, switchArgsMode, type ArgsDraft } from './argsDraft.ts';

const JsonEditor = lazy(() => import('./JsonEditor.tsx'));

type Props = { draft: ArgsDraft; onChange: (draft: ArgsDraft) => void; showErrors: boolean };

/** Arguments as a table or as JSON; switching keeps every argument exactly. */
export function ArgsEditor({ draft, onChange, showErrors }: Props) {
  const [blocked, setBlocked] = useState<string | null>(null);
  const result = readArgs(draft);
  const choose = (mode: ArgsDraft['mode']) => {
    if (mode === draft.mode) return;
    const next = switchArgsMode(draft);
    if (next === undefined) {
      setBlocked(
        draft.mode === 'table'
          ? 'Fix the marked arguments first; then the JSON shows exactly them.'
          : 'Fix the JSON first; then the table shows exactly its arguments.',
      );
      return;
    }
    setBlocked(null);
    onChange(next);
  };
  return (
    <fieldset className="args-editor">
      <legend>Arguments</legend>
      <div className="segmented" role="group" aria-label="Edit arguments as">
        <button type="button" aria-pressed={draft.mode === 'table'} onClick={() => choose('table')}>
          Table
        </button>
        <button type="button" aria-pressed={draft.mode === 'json'} onClick={() => choose('json')}>
          JSON
        </button>
      </div>
      {draft.mode === 'table' ? (
        <ArgsTable
          rows={draft.rows}
          errors={showErrors && 'rowErrors' in result ? result.rowErrors : {}}
          onChange={(rows) => {
            setBlocked(null);
            onChange({ mode: 'table', rows });
          }}
        />
      ) : (
        <Suspense fallback={<p className="muted small">Loading the JSON editor…</p>}>
          <JsonEditor
            value={draft.text}
            label="Arguments as JSON"
            describedBy="args-json-status"
            onChange={(text) => {
              setBlocked(null);
              onChange({ mode: 'json', text });
            }}
          />
          <p
            id="args-json-status"
            className={'jsonError' in result ? 'field-error' : 'field-hint'}
            aria-live="polite"
          >
            {'jsonError' in result ? result.jsonError.message : 'Valid JSON object.'}
          </p>
        </Suspense>
      )}
      {blocked !== null && (
        <p role="alert" className="field-error">
          {blocked}
        </p>
      )}
    </fieldset>
  );
}
