import { create } from 'zustand';
import type { DemoStatus } from '../../../shared/events.ts';
import type { AppInfo } from '../../../shared/ipc/contract/app.ts';
import type { CaFileSummary } from '../../../shared/models/network.ts';
import type { Settings, SettingsPatch } from '../../../shared/models/settings.ts';
import type { Warning } from '../../../shared/models/warning.ts';
import { call, messageOf } from '../bridge/call.ts';
import type { LoadState } from './loadState.ts';

type SettingsState = {
  load: LoadState;
  settings: Settings | null;
  warnings: Warning[];
  demo: DemoStatus;
  appInfo: AppInfo | null;
};

export const useSettings = create<SettingsState>(() => ({
  load: { status: 'idle' },
  settings: null,
  warnings: [],
  demo: { running: false, robotIds: [] },
  appInfo: null,
}));

export function applySettings(settings: Settings): void {
  useSettings.setState({ settings });
}

export function applyWarnings(warnings: Warning[]): void {
  useSettings.setState({ warnings });
}

export function applyDemo(demo: DemoStatus): void {
  useSettings.setState({ demo });
}

export async function loadSettings(): Promise<void> {
  useSettings.setState({ load: { status: 'loading' } });
  try {
    const [settings, warnings, demo, appInfo] = await Promise.all([
      call('getSettings'),
      call('listWarnings'),
      call('getDemo'),
      call('getAppInfo'),
    ]);
    useSettings.setState({ settings, warnings, demo, appInfo, load: { status: 'ready' } });
  } catch (error) {
    useSettings.setState({ load: { status: 'error', message: messageOf(error) } });
  }
}

export async function updateSettings(patch: SettingsPatch): Promise<Settings> {
  const settings = await call('updateSettings', patch);
  applySettings(settings);
  return settings;
}

/** Main asks the person for the file in its own dialog and saves it; null when they cancelled. */
export async function chooseSettingsCaFile(): Promise<CaFileSummary | null> {
  const chosen = await call('chooseSettingsCaFile');
  if (chosen === null) return null;
  applySettings(chosen.settings);
  return chosen.ca;
}

/** What main reads now of the saved CA file every robot trusts; null when none. */
export function describeSettingsCaFile(): Promise<CaFileSummary | null> {
  return call('describeSettingsCaFile');
}

export async function clearSettingsCaFile(): Promise<void> {
  applySettings(await call('clearSettingsCaFile'));
}

export async function dismissWarning(id: string): Promise<void> {
  await call('dismissWarning', { id });
  useSettings.setState((s) => ({ warnings: s.warnings.filter((w) => w.id !== id) }));
}

export async function startDemo(): Promise<DemoStatus> {
  const demo = await call('startDemo');
  applyDemo(demo);
  return demo;
}

export async function removeDemo(): Promise<DemoStatus> {
  const demo = await call('removeDemo');
  applyDemo(demo);
  return demo;
}
