import { create } from 'zustand';
import type { Preset, PresetInput, PresetPatch } from '../../../shared/models/preset.ts';
import { call } from '../bridge/call.ts';
import { groupPresets, upsertPreset } from './reducers/catalog.ts';

type PresetsState = { presets: Preset[]; byRobot: Record<string, Preset[]> };

export const usePresets = create<PresetsState>(() => ({ presets: [], byRobot: {} }));

const none: Preset[] = [];

/** A robot's presets in their saved order (a stable empty list when it has none). */
export function usePresetsOf(robotId: string | null): Preset[] {
  return usePresets((s) => (robotId === null ? none : (s.byRobot[robotId] ?? none)));
}

export function setPresets(presets: readonly Preset[]): void {
  usePresets.setState({ presets: [...presets], byRobot: groupPresets(presets) });
}

function upsert(preset: Preset): Preset {
  setPresets(upsertPreset(usePresets.getState().presets, preset));
  return preset;
}

export async function createPreset(input: PresetInput): Promise<Preset> {
  return upsert(await call('createPreset', input));
}

export async function updatePreset(id: string, patch: PresetPatch): Promise<Preset> {
  return upsert(await call('updatePreset', { id, patch }));
}

export async function duplicatePreset(id: string): Promise<Preset> {
  return upsert(await call('duplicatePreset', { id }));
}

export async function deletePreset(id: string): Promise<void> {
  await call('deletePreset', { id });
  setPresets(usePresets.getState().presets.filter((p) => p.id !== id));
}

/** Saves a robot's presets in a new order; shown at once, put back if main refuses. */
export async function reorderPresets(robotId: string, ids: string[]): Promise<void> {
  const before = usePresets.getState().presets;
  const position = new Map(ids.map((id, i) => [id, i]));
  setPresets(before.map((p) => (p.robotId === robotId ? { ...p, order: position.get(p.id) ?? p.order } : p)));
  try {
    const saved = await call('reorderPresets', { robotId, ids });
    setPresets([...usePresets.getState().presets.filter((p) => p.robotId !== robotId), ...saved]);
  } catch (error) {
    setPresets(before);
    throw error;
  }
}

/** The values a preset's fill-in form starts with (the last ones given; never a secret field's). */
export function lastFieldValues(presetId: string) {
  return call('lastFieldValues', { id: presetId });
}
