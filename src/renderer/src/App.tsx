import { useEffect } from 'react';
import { loadAppInfo, useAppInfo } from './appInfoStore.ts';

export function App() {
  const state = useAppInfo((s) => s.state);
  useEffect(() => {
    void loadAppInfo();
  }, []);

  return (
    <main className="app">
      <header className="app-header">
        <h1>Robot Tray</h1>
        <p className="tagline">Start automation robots by webhook and watch their results.</p>
      </header>
      <section aria-live="polite" className="status">
        {state.status === 'loading' && <p>Connecting to Robot Tray…</p>}
        {state.status === 'ready' && (
          <p data-testid="app-info">
            {state.info.name} {state.info.version} on {state.info.platform}
          </p>
        )}
        {state.status === 'error' && (
          <p role="alert" className="error">
            {state.message}
          </p>
        )}
      </section>
    </main>
  );
}
