import { create } from 'zustand';
import type { RobotInput, RobotPatch } from '../../../shared/models/robot.ts';
import type { CaFileSummary } from '../../../shared/models/network.ts';
import type { RobotView } from '../../../shared/models/robotView.ts';
import { call } from '../bridge/call.ts';
import type { LoadState } from './loadState.ts';
import { sortRobots, upsertRobot } from './reducers/catalog.ts';

type RobotsState = { load: LoadState; robots: RobotView[] };

export const useRobots = create<RobotsState>(() => ({ load: { status: 'idle' }, robots: [] }));

export function setRobots(robots: readonly RobotView[]): void {
  useRobots.setState({ robots: sortRobots(robots), load: { status: 'ready' } });
}

export function setRobotsLoad(load: LoadState): void {
  useRobots.setState({ load });
}

export function robotById(id: string | null): RobotView | undefined {
  return id === null ? undefined : useRobots.getState().robots.find((r) => r.id === id);
}

export async function createRobot(input: RobotInput): Promise<RobotView> {
  const robot = await call('createRobot', input);
  useRobots.setState((s) => ({ robots: upsertRobot(s.robots, robot) }));
  return robot;
}

export async function updateRobot(id: string, patch: RobotPatch): Promise<RobotView> {
  const robot = await call('updateRobot', { id, patch });
  useRobots.setState((s) => ({ robots: upsertRobot(s.robots, robot) }));
  return robot;
}

/** Main asks the person for the file in its own dialog and saves it; null when they cancelled. */
export async function chooseRobotCaFile(robotId: string): Promise<CaFileSummary | null> {
  const chosen = await call('chooseRobotCaFile', { robotId });
  if (chosen === null) return null;
  useRobots.setState((s) => ({ robots: upsertRobot(s.robots, chosen.robot) }));
  return chosen.ca;
}

/** What main reads now of the robot's saved CA file; null when it has none. */
export function describeRobotCaFile(robotId: string): Promise<CaFileSummary | null> {
  return call('describeRobotCaFile', { robotId });
}

export async function clearRobotCaFile(robotId: string): Promise<void> {
  const robot = await call('clearRobotCaFile', { robotId });
  useRobots.setState((s) => ({ robots: upsertRobot(s.robots, robot) }));
}

export async function deleteRobot(id: string): Promise<void> {
  await call('deleteRobot', { id });
  useRobots.setState((s) => ({ robots: s.robots.filter((r) => r.id !== id) }));
}

/*
 * A token's state reaches this store by the catalog event alone (the team
 * store's by the team event), as every window hears it, whichever window or
 * process changed the token: the answers below are not applied here.
 */

/** Sends the token to main once; the caller must drop its copy whatever the outcome. */
export async function setToken(robotId: string, token: string): Promise<void> {
  await call('setToken', { robotId, token });
}

export async function clearToken(robotId: string): Promise<void> {
  await call('clearToken', { robotId });
}

/**
 * Ask main to show its own dialog about using the robot's token at its new
 * origin; main moves the token only if the person confirms there.
 */
export async function confirmTokenOrigin(robotId: string): Promise<void> {
  await call('confirmTokenOrigin', { robotId });
}
