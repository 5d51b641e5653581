import { useEffect, useMemo, useState } from 'react';
import type { BatchPreview } from '../../../../shared/ipc/contract/batches.ts';
import { grouped } from '../../../../shared/grouped.ts';

type Props = {
  text: string;
  fileName: string | null;
  onText: (text: string) => void;
  onChooseFile: () => void;
  preview: BatchPreview | null;
};

const PROBLEMS_SHOWN = 50;
/**
 * Past this many lines the rows are summed up rather than shown as text: a
 * text box of thousands of lines is no place to read or edit them, and the
 * window lays out and paints every line of it each time anything in the
 * dialog moves (10,000 rows cost a tenth of a second at Start).
 */
export const ROWS_SHOWN_AS_TEXT = 1_000;

function lineCount(text: string): number {
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return text.length === 0 || text.endsWith('\n') ? lines : lines + 1;
}

/** Where the rows come from (pasted, or a file chosen in main's dialog), and what checking them found. */
export function BatchInput({ text, fileName, onText, onChooseFile, preview }: Props) {
  const lines = useMemo(() => lineCount(text), [text]);
  const [asText, setAsText] = useState(false);
  const summed = lines > ROWS_SHOWN_AS_TEXT && !asText;
  // Rows pasted into the text box replace it: focus stays in the rows.
  useEffect(() => {
    if (summed && document.activeElement === document.body) document.getElementById('batch-rows')?.focus();
  }, [summed]);
  return (
    <>
      <div className="field">
        <div className="batch-rows-head">
          <label id="batch-rows-label" htmlFor={summed ? undefined : 'batch-rows'}>
            Rows: CSV with a header row, or JSON Lines
          </label>
          <button type="button" className="btn btn-sm" onClick={onChooseFile}>
            Choose file…
          </button>
        </div>
        {summed ? (
          <div
            id="batch-rows"
            className="batch-rows-summed"
            role="group"
            tabIndex={-1}
            aria-labelledby="batch-rows-label"
            aria-describedby="batch-rows-hint"
          >
            <p>
              <strong>{grouped(lines)} lines</strong> ({Math.ceil(text.length / 1024)} KB){' '}
              {fileName === null ? 'pasted' : `from ${fileName}`}: too many to show here as text.
            </p>
            <button type="button" className="btn btn-sm" onClick={() => setAsText(true)}>
              Show as text
            </button>
            <button type="button" className="btn btn-sm" onClick={() => onText('')}>
              Clear
            </button>
          </div>
        ) : (
          <textarea
            id="batch-rows"
            className="mono batch-rows"
            rows={8}
            spellCheck={false}
            value={text}
            placeholder={'invoiceId,amount\nINV-1,12\nINV-2,30'}
            aria-describedby="batch-rows-hint"
            onChange={(e) => onText(e.target.value)}
          />
        )}
        <p id="batch-rows-hint" className="field-hint">
          {fileName === null
            ? 'Paste rows or choose a file. Each column names a field of the preset (by name or label).'
            : `From ${fileName}. Edit the rows here if you like.`}
        </p>
      </div>
      {preview !== null && preview.problems.length > 0 && (
        <section className="notice notice-error batch-problems" role="alert" aria-label="Problems">
          <p>
            {preview.problems.length === 1 ? 'A row does' : `${preview.problems.length} rows or columns do`}{' '}
            not fit the preset; nothing was sent. Fix them and check again.
          </p>
          <table>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Column</th>
                <th scope="col">Problem</th>
              </tr>
            </thead>
            <tbody>
              {preview.problems.slice(0, PROBLEMS_SHOWN).map((p, i) => (
                <tr key={i}>
                  <td>{p.row === 0 ? 'header' : p.row}</td>
                  <td>{p.column ?? ''}</td>
                  <td>{p.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {preview !== null && preview.problems.length === 0 && (
        <section className="batch-preview" aria-label="Preview">
          <p className="notice notice-success">
            All {preview.total} rows fit the preset. The first {preview.requests.length} as the requests they
            will make:
          </p>
          {preview.requests.map((request, i) => (
            <pre key={i} className="mono batch-request">
              {request}
            </pre>
          ))}
        </section>
      )}
    </>
  );
}
