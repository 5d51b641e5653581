import type { Robot } from './robots.ts';
import { FaultConfigSchema, type ParsedFaultConfig } from './schema.ts';
import type { SandboxState } from './state.ts';
import { parseWith } from './validation.ts';

/**
 * The operations shared by the `Sandbox` object and the admin HTTP API, so
 * both mean exactly the same thing.
 */

export type RobotView = {
  name: string;
  token: string;
  flow: Robot['flow'];
  faults: ParsedFaultConfig;
  afterNoResponse: string;
  afterFailure: string;
};

/** `definition` is parsed here (RobotDefinition shape); a bad one throws SandboxValidationError. */
export function addRobot(state: SandboxState, definition: unknown): { name: string; token: string } {
  const robot = state.robots.add(definition);
  return { name: robot.name, token: robot.token };
}

export function rotateToken(state: SandboxState, name: string): string {
  return state.robots.rotateToken(name);
}

/** Replaces the fault set of one robot, or the global set when no robot is named. */
export function setFaults(state: SandboxState, faults: unknown, robotName?: string): ParsedFaultConfig {
  const parsed = parseWith(FaultConfigSchema, faults, 'invalid faults');
  if (robotName === undefined) state.globalFaults = parsed;
  else state.robots.setFaults(robotName, parsed);
  return parsed;
}

export function describeRobots(state: SandboxState): RobotView[] {
  return state.robots.list().map((robot) => ({
    name: robot.name,
    token: robot.token,
    flow: robot.flow,
    faults: robot.faults ?? {},
    afterNoResponse: robot.afterNoResponse ?? state.settings.afterNoResponse,
    afterFailure: robot.afterFailure ?? state.settings.afterFailure,
  }));
}
