import { AppError } from '../errors.ts';

/** Why a request was aborted: its overall deadline passed. */
export class DeadlinePassed extends Error {
  readonly ms: number;
  constructor(ms: number) {
    super('request deadline passed');
    this.ms = ms;
  }
}

/** Why a request was aborted: Robot Tray is closing (Ctrl+C, --timeout, quit). */
export class Stopped extends Error {
  constructor() {
    super('stopped');
  }
}

export function abortedRequest(
  reason: DeadlinePassed | Stopped,
  host: string,
  action: 'trigger' | 'query',
  cause: unknown,
): AppError {
  const mayHaveStarted =
    action === 'trigger'
      ? ' The robot may or may not have started; check the service before firing again.'
      : '';
  const what =
    reason instanceof DeadlinePassed
      ? `${host} did not finish answering the ${action} within ${Math.round(reason.ms / 1000)} s, so Robot Tray gave up.`
      : `Robot Tray stopped waiting for ${host} to answer the ${action}.`;
  return new AppError('timeout', what + mayHaveStarted, { cause, maybeDelivered: true });
}
