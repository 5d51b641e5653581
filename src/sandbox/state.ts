import type { CallStore } from './calls.ts';
import type { RandomSource } from './random.ts';
import type { RequestLog } from './requestLog.ts';
import type { RobotRegistry } from './robots.ts';
import type { Scheduler } from './scheduler.ts';
import type { AfterFailure, AfterNoResponse, ParsedFaultConfig } from './schema.ts';

/** Choices for the corners the spec leaves open, fixed when the sandbox starts. */
export type Settings = {
  queryRequiresToken: boolean;
  retentionMs: number;
  bodyLimitBytes: number;
  triggerStatus: 200 | 201 | 202;
  afterNoResponse: AfterNoResponse;
  afterFailure: AfterFailure;
};

/** Everything the routes share; one per running sandbox. */
export type SandboxState = {
  settings: Settings;
  robots: RobotRegistry;
  calls: CallStore;
  globalFaults: ParsedFaultConfig;
  scheduler: Scheduler;
  random: RandomSource;
  now: () => number;
  log: RequestLog;
};
