import { useEffect, useState } from 'react';
import type { CaFileSummary } from '../../../../shared/models/network.ts';
import { messageOf } from '../../bridge/call.ts';

type Props = {
  /** For the testid and the ARIA links: "robot-ca-file", "network-ca-file". */
  id: string;
  label: string;
  hint: string;
  /** The file now trusted (its name only: main never gives the window a path), or null for none. */
  current: string | null;
  /** Main shows its own file dialog; null when the person cancelled. */
  choose: () => Promise<CaFileSummary | null>;
  /** Main reads the saved file now, for its certificates' subject and fingerprint. */
  describe: () => Promise<CaFileSummary | null>;
  remove: () => Promise<void>;
};

/** The last part of a stored path, for display: the window shows a file's name and never sends a path. */
export function fileNameOf(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/**
 * "Choose CA file…", what was chosen, and Remove. The choice is saved at once
 * by main (which read the file); the window never names a path, so it cannot
 * make main open a pipe, a device or a file the person did not pick.
 */
export function CaFileChooser({ id, label, hint, current, choose, describe, remove }: Props) {
  const [chosen, setChosen] = useState<CaFileSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A file saved before this window opened (or by the CLI): its subject and fingerprint come from main.
  const known = chosen !== null && current !== null && chosen.name === fileNameOf(current);
  useEffect(() => {
    if (current === null || known) return;
    let live = true;
    describe().then(
      (summary) => {
        if (live && summary !== null) setChosen(summary);
      },
      (e: unknown) => {
        if (live) setError(messageOf(e));
      },
    );
    return () => {
      live = false;
    };
    // Asked again only when the file shown changes (`describe` is a new function each render).
  }, [current, known]);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  const summary = known ? chosen : null;
  return (
    <div className="field" data-testid={id} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <p className="small" aria-live="polite">
        {current === null ? (
          'None'
        ) : (
          <>
            <code>{fileNameOf(current)}</code>
            {summary !== null &&
              ` — ${summary.count} certificate${summary.count === 1 ? '' : 's'}, first: ${summary.subject}`}
          </>
        )}
      </p>
      {summary !== null && (
        <p className="small">
          SHA-256: <code className="fingerprint">{summary.sha256}</code>
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="btn btn-sm"
          disabled={busy}
          onClick={() =>
            void run(async () => {
              const result = await choose();
              if (result !== null) setChosen(result);
            })
          }
        >
          Choose CA file…
        </button>
        {current !== null && (
          <button
            type="button"
            className="btn btn-sm"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await remove();
                setChosen(null);
              })
            }
          >
            Remove
          </button>
        )}
      </div>
      <p className="field-hint">{hint}</p>
      {error !== null && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
