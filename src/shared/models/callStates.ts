/**
 * The life of one webhook call as Robot Tray tracks it. Kept free of zod so
 * light entry points (the CLI's --help) can name the states without loading
 * the schemas.
 *
 * sending → waiting → done is the spec's path. The rest cover what the spec
 * leaves "not shown": rejected (the service answered the trigger with an HTTP
 * error), unreachable (nothing reached it), unknown (the trigger may have been
 * delivered but we cannot tell; never retried, as a second trigger could start
 * the robot twice), expired (the query says 404), stopped (we stopped watching;
 * resumable), failed (a status that plainly reports a failed run, such as
 * FAILED or ABORTED; final, the raw status and the robot's message kept) and
 * unexpected (any other status than WAITING or DONE; resumable).
 */
export const callStates = [
  'sending',
  'waiting',
  'done',
  'rejected',
  'unreachable',
  'unknown',
  'expired',
  'stopped',
  'unexpected',
  'failed',
] as const;
export type CallStateName = (typeof callStates)[number];

/** The states of a call still in flight: its trigger going out, or its robot's run not ended. */
export const activeStates: readonly CallStateName[] = ['sending', 'waiting'];
