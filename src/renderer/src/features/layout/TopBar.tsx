import { showView, useUi } from '../../stores/ui.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

export function TopBar() {
  const view = useUi((s) => s.view);
  return (
    <header className="topbar">
      <h1>
        <span className="brand-mark" aria-hidden="true" />
        Robot Tray
      </h1>
      <span className="spacer" />
      <ThemeSwitch />
      <button
        type="button"
        className="btn"
        aria-pressed={view === 'settings'}
        onClick={() => showView(view === 'settings' ? 'robots' : 'settings')}
      >
        {view === 'settings' ? 'Back to robots' : 'Settings'}
      </button>
    </header>
  );
}
