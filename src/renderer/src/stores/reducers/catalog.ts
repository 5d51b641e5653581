import type { Preset } from '../../../../shared/models/preset.ts';
import type { RobotView } from '../../../../shared/models/robotView.ts';

/** Robots in the order people find them: by name, case-insensitively. */
export function sortRobots(robots: readonly RobotView[]): RobotView[] {
  return [...robots].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

/** One robot replaced or added (the answer to create or update, before the catalog event). */
export function upsertRobot(robots: readonly RobotView[], robot: RobotView): RobotView[] {
  return sortRobots([...robots.filter((r) => r.id !== robot.id), robot]);
}

/** Presets grouped by robot, each group in its saved order. */
export function groupPresets(presets: readonly Preset[]): Record<string, Preset[]> {
  const groups: Record<string, Preset[]> = {};
  for (const p of presets) (groups[p.robotId] ??= []).push(p);
  for (const list of Object.values(groups))
    list.sort((a, b) => a.order - b.order || a.createdAt - b.createdAt);
  return groups;
}

/** One preset replaced or added, regrouped. */
export function upsertPreset(presets: readonly Preset[], preset: Preset): Preset[] {
  return [...presets.filter((p) => p.id !== preset.id), preset];
}

/** The selected robot still exists, or the first robot, or none. */
export function reconcileSelection(selected: string | null, robots: readonly RobotView[]): string | null {
  if (selected !== null && robots.some((r) => r.id === selected)) return selected;
  return robots[0]?.id ?? null;
}

/** Ids in a new order after moving one by `delta` places (keyboard reorder); unchanged at the ends. */
export function moveId(ids: readonly string[], id: string, delta: number): string[] {
  const from = ids.indexOf(id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, id);
  return next;
}

/** Ids in a new order after dragging `id` onto the place of `target`. */
export function dropId(ids: readonly string[], id: string, target: string): string[] {
  const to = ids.indexOf(target);
  if (to < 0 || !ids.includes(id) || id === target) return [...ids];
  return moveId(ids, id, to - ids.indexOf(id));
}
