import { hasBridge, MISSING_BRIDGE_MESSAGE } from './bridge/call.ts';
import { Shell } from './features/layout/Shell.tsx';

export function App() {
  if (!hasBridge()) {
    return (
      <main className="boot-error">
        <h1>Robot Tray</h1>
        <p role="alert" className="notice notice-error">
          {MISSING_BRIDGE_MESSAGE}
        </p>
      </main>
    );
  }
  return <Shell />;
}
