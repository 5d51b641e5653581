import { useState } from 'react';
import { messageOf } from '../../bridge/call.ts';
import { dismissWarning, removeDemo, useSettings } from '../../stores/settings.ts';
import { SettingsForm } from './SettingsForm.tsx';

/** App-wide settings, the demo, and what went wrong with the data folder. */
export function SettingsView() {
  const load = useSettings((s) => s.load);
  const settings = useSettings((s) => s.settings);
  const appInfo = useSettings((s) => s.appInfo);
  const demo = useSettings((s) => s.demo);
  const warnings = useSettings((s) => s.warnings);
  const [error, setError] = useState<string | null>(null);
  const act = (action: () => Promise<unknown>) => {
    setError(null);
    action().catch((e: unknown) => setError(messageOf(e)));
  };
  return (
    <section className="page" aria-labelledby="settings-title">
      <h2 id="settings-title" style={{ marginBottom: 'var(--space-4)' }}>
        Settings
      </h2>
      {load.status === 'loading' && <p className="muted">Loading settings…</p>}
      {load.status === 'error' && (
        <p role="alert" className="notice notice-error">
          {load.message}
        </p>
      )}
      {settings !== null && <SettingsForm settings={settings} />}
      {warnings.length > 0 && (
        <div className="section" style={{ marginTop: 'var(--space-4)' }}>
          <h3 className="section-title">Things to know</h3>
          <ul className="stack" style={{ paddingLeft: 0, listStyle: 'none' }}>
            {warnings.map((w) => (
              <li key={w.id} className="notice notice-warning row">
                <span style={{ flex: 1 }}>{w.message}</span>
                <button type="button" className="btn btn-sm" onClick={() => act(() => dismissWarning(w.id))}>
                  Dismiss
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {demo.running && (
        <div className="section" style={{ marginTop: 'var(--space-4)' }}>
          <h3 className="section-title">Demo</h3>
          <p className="small muted">
            The demo&apos;s simulated service and its {demo.robotIds.length} robots are running on this
            computer.
          </p>
          <button
            type="button"
            className="btn btn-danger"
            style={{ marginTop: 'var(--space-2)' }}
            onClick={() => act(removeDemo)}
          >
            Remove demo
          </button>
        </div>
      )}
      {error !== null && (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      )}
      {appInfo !== null && (
        <p className="small muted" data-testid="app-info" style={{ marginTop: 'var(--space-4)' }}>
          {appInfo.name} {appInfo.version} on {appInfo.platform}
        </p>
      )}
    </section>
  );
}
