import { setTheme, useUi, type Theme } from '../../stores/ui.ts';

const choices: Array<{ value: Theme; label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

/** The window's theme: follow the system, or force light or dark. */
export function ThemeSwitch({ id = 'theme-switch' }: { id?: string }) {
  const theme = useUi((s) => s.theme);
  return (
    <label className="row small" htmlFor={id}>
      <span className="muted">Theme</span>
      <select id={id} value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}
