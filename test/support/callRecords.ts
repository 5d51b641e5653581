import { Call } from '../../src/shared/models/call.ts';

/** A finished call's record from the least a test names: robot r1 "Bot", POST, no arguments, done. */
export const doneCall = (id: string, extra: Partial<Call> = {}): Call =>
  Call.parse({
    id,
    robotId: 'r1',
    robotName: 'Bot',
    method: 'POST',
    args: {},
    state: 'done',
    createdAt: 1,
    ...extra,
  });
