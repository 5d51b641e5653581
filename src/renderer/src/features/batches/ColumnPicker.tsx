import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_PICKS, pickPathProblem } from '../../../../shared/models/pickPath.ts';
import { visibleText } from '../../../../shared/visibleText.ts';
import { call, messageOf } from '../../bridge/call.ts';
import { setPicks } from '../../stores/batches.ts';

type Props = { batchId: string; picks: readonly string[] };

/**
 * "Columns…": the response fields a batch's results show as columns. It
 * offers the paths main found in the responses of the batch's first done
 * rows (names only), and takes any other path typed; the picks are the
 * batch's for as long as the window is open, and Export writes them too.
 */
export function ColumnPicker({ batchId, picks }: Props) {
  const [open, setOpen] = useState(false);
  const [offered, setOffered] = useState<readonly string[] | null>(null);
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const panelId = `batch-columns-${batchId}`;

  useEffect(() => {
    if (!open) return;
    let live = true;
    setOffered(null);
    call('batchColumns', { id: batchId })
      .then((paths) => {
        if (live) setOffered(paths);
      })
      .catch((e: unknown) => {
        if (!live) return;
        setOffered([]);
        setProblem(messageOf(e));
      });
    return () => {
      live = false;
    };
  }, [open, batchId]);

  const close = () => {
    setOpen(false);
    setProblem(null);
    toggle.current?.focus();
  };
  const full = picks.length >= MAX_PICKS;
  const flip = (path: string, on: boolean) =>
    setPicks(batchId, on ? [...picks, path] : picks.filter((p) => p !== path));
  const add = () => {
    const path = typed.trim();
    const wrong =
      pickPathProblem(path) ??
      (picks.includes(path) ? `${path} is a column already.` : null) ??
      (full ? `At most ${MAX_PICKS} columns: uncheck one first.` : null);
    setProblem(wrong);
    if (wrong !== null) return;
    flip(path, true);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent) => {
    // Escape closes the picker, not the dialog around it.
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    close();
  };
  // Picks typed (or found in an earlier look) stay listed, so each can be unchecked.
  const listed = [...new Set([...(offered ?? []), ...picks])];

  return (
    <div className="batch-columns">
      <button
        ref={toggle}
        type="button"
        className="btn btn-sm"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
      >
        Columns…{picks.length > 0 ? ` (${picks.length})` : ''}
      </button>
      {open && (
        <div
          id={panelId}
          className="batch-columns-panel"
          role="group"
          aria-label="Columns"
          onKeyDown={onKeyDown}
        >
          <fieldset>
            <legend>Fields of the responses</legend>
            {offered === null && <p className="muted small">Reading the responses of the done rows…</p>}
            {offered !== null && listed.length === 0 && (
              <p className="muted small">No done row has a response yet: type a path below.</p>
            )}
            <ul className="batch-columns-list">
              {listed.map((path) => {
                const on = picks.includes(path);
                return (
                  <li key={path}>
                    <label>
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={!on && full}
                        onChange={(e) => flip(path, e.target.checked)}
                      />{' '}
                      <code>{visibleText(path)}</code>
                    </label>
                  </li>
                );
              })}
            </ul>
            {full && <p className="muted small">At most {MAX_PICKS} columns: uncheck one to pick another.</p>}
          </fieldset>
          <div className="field">
            <label htmlFor="batch-column-path">Another path</label>
            <div className="row">
              <input
                id="batch-column-path"
                type="text"
                value={typed}
                placeholder="response.invoiceId"
                spellCheck={false}
                aria-invalid={problem !== null}
                aria-describedby={problem === null ? 'batch-column-hint' : 'batch-column-problem'}
                onChange={(e) => {
                  setTyped(e.target.value);
                  setProblem(null);
                }}
                onKeyDown={(e) => {
                  if (e.key !== 'Enter') return;
                  e.preventDefault();
                  add();
                }}
              />
              <button type="button" className="btn btn-sm" onClick={add}>
                Add
              </button>
            </div>
            {problem === null ? (
              <p id="batch-column-hint" className="muted small">
                A dotted path under response or args (response.invoice.id), or webhookCallId, rawStatus,
                warning or error.
              </p>
            ) : (
              <p id="batch-column-problem" className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
          <button type="button" className="btn btn-sm" onClick={close}>
            Done
          </button>
        </div>
      )}
    </div>
  );
}
