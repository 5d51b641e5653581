import { z } from 'zod';
import { stripUndefined } from '../objects.ts';

/**
 * How often Robot Tray asks the query endpoint about a waiting call. The spec
 * has no push events (section 6), so polling is the only way to learn a run
 * ended; these bounds keep it gentle on the service.
 */
export const PollPolicy = z.object({
  firstDelayMs: z.number().int().min(100).max(600_000),
  factor: z.number().min(1).max(10),
  maxDelayMs: z.number().int().min(100).max(3_600_000),
  watchDeadlineMs: z
    .number()
    .int()
    .min(1_000)
    .max(7 * 24 * 3_600_000),
});
export type PollPolicy = z.infer<typeof PollPolicy>;

export const defaultPollPolicy: PollPolicy = {
  firstDelayMs: 500,
  factor: 1.5,
  maxDelayMs: 10_000,
  watchDeadlineMs: 30 * 60_000,
};

export const PollPolicyOverrides = PollPolicy.partial();
export type PollPolicyOverrides = z.infer<typeof PollPolicyOverrides>;

export function resolvePollPolicy(...layers: Array<PollPolicyOverrides | undefined>): PollPolicy {
  let policy = { ...defaultPollPolicy };
  for (const layer of layers) if (layer) policy = { ...policy, ...stripUndefined(layer) };
  return policy;
}
