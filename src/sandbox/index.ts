export { startSandbox, type Sandbox, type SandboxOptions } from './sandbox.ts';
export type { CallRecord, CallStatus } from './calls.ts';
export type { LoggedRequest } from './requestLog.ts';
export type {
  AfterFailure,
  AfterNoResponse,
  EndpointFaults,
  FaultConfig,
  FlowStep,
  RobotDefinition,
  SandboxConfig,
} from './schema.ts';
export { SandboxValidationError } from './validation.ts';
export { seededRandom, type RandomSource } from './random.ts';
export { TRIGGER_PATH } from './routes/trigger.ts';
export { QUERY_PREFIX } from './routes/query.ts';
export { TOKEN_HEADER } from './routes/auth.ts';
