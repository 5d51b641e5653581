import { useState } from 'react';
import { call, messageOf } from '../../bridge/call.ts';
import { useRobots } from '../../stores/robots.ts';
import { openDialog } from '../../stores/ui.ts';

/** Import… and Export… in the top bar: main shows the file dialogs, the window shows the plan. */
export function SharingButtons() {
  const hasRobots = useRobots((s) => s.robots.length > 0);
  const [error, setError] = useState<string | null>(null);
  const startImport = async () => {
    setError(null);
    try {
      const offer = await call('chooseImportFile');
      if (offer !== null) openDialog({ kind: 'import', offer });
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <>
      {error !== null && (
        <p role="alert" className="notice notice-error topbar-alert">
          {error}{' '}
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setError(null)}>
            Dismiss
          </button>
        </p>
      )}
      <button type="button" className="btn" onClick={() => void startImport()}>
        Import…
      </button>
      <button
        type="button"
        className="btn"
        disabled={!hasRobots}
        onClick={() => openDialog({ kind: 'export' })}
      >
        Export…
      </button>
    </>
  );
}
