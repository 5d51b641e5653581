import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { startDemo } from '../../stores/settings.ts';
import { openDialog } from '../../stores/ui.ts';

/** With no robots yet: what Robot Tray does, and the two ways to start. */
export function FirstRun() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const tryDemo = async () => {
    setBusy(true);
    setError(null);
    try {
      await startDemo();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="first-run" aria-labelledby="first-run-title">
      <h2 id="first-run-title">Welcome to Robot Tray</h2>
      <p className="muted">
        Robot Tray starts your automation robots by webhook and watches until they answer. Add a robot with
        the address and token from the Designer, then save the calls you make often as presets and fire them
        with one click.
      </p>
      <div className="choices">
        <div className="choice">
          <h3>Add your robot</h3>
          <p className="small muted">You need its webhook address and its service token.</p>
          <button type="button" className="btn btn-primary" onClick={() => openDialog({ kind: 'addRobot' })}>
            Add a robot
          </button>
        </div>
        <div className="choice">
          <h3>Look around first</h3>
          <p className="small muted">
            Starts a simulated service on this computer with example robots. Nothing leaves your machine.
          </p>
          <button type="button" className="btn" onClick={() => void tryDemo()} disabled={busy}>
            {busy ? 'Starting the demo…' : 'Try the demo'}
          </button>
        </div>
      </div>
      {error !== null && (
        <p role="alert" className="notice notice-error" style={{ marginTop: 'var(--space-3)' }}>
          {error}
        </p>
      )}
    </section>
  );
}
