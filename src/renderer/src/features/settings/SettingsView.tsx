import { useSettings } from '../../stores/settings.ts';

/** App-wide settings: poll defaults, history, notifications, launch at login, theme. */
export function SettingsView() {
  const load = useSettings((s) => s.load);
  const appInfo = useSettings((s) => s.appInfo);
  return (
    <section className="page" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {load.status === 'error' && (
        <p role="alert" className="notice notice-error">
          {load.message}
        </p>
      )}
      {appInfo !== null && (
        <p className="small muted" data-testid="app-info">
          {appInfo.name} {appInfo.version} on {appInfo.platform}
        </p>
      )}
    </section>
  );
}
