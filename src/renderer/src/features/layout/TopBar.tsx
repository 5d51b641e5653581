import { openSavedCallFile } from '../../stores/savedCall.ts';
import { showView, useUi } from '../../stores/ui.ts';
import { SharingButtons } from '../sharing/SharingButtons.tsx';
import { ThemeSwitch } from './ThemeSwitch.tsx';

export function TopBar() {
  const view = useUi((s) => s.view);
  return (
    <header className="topbar">
      <h1>
        {/* The tray icon's drawing (resources/tray-icon.svg), on its 16-unit grid. */}
        <svg className="brand-mark" viewBox="0 0 16 16" aria-hidden="true">
          <rect width="16" height="16" rx="3.5" fill="#2f62d9" />
          <rect x="7" y="1" width="2" height="3" fill="#fff" />
          <rect x="3" y="4" width="10" height="9" rx="2" fill="#fff" />
          <rect x="5" y="7" width="2" height="2" fill="#2f62d9" />
          <rect x="9" y="7" width="2" height="2" fill="#2f62d9" />
          <rect x="6" y="10" width="4" height="1" fill="#2f62d9" />
        </svg>
        Robot Tray
      </h1>
      <span className="spacer" />
      <SharingButtons />
      <ThemeSwitch />
      <button type="button" className="btn" onClick={() => void openSavedCallFile()}>
        Open saved call…
      </button>
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
