import type { ServerResponse } from 'node:http';
import { between, roll, type RandomSource } from '../random.ts';
import type { Scheduler } from '../scheduler.ts';
import type { EndpointFaults } from '../schema.ts';
import { createReply, type Delivery } from './reply.ts';

export type GateDeps = { scheduler: Scheduler; random: RandomSource; now: () => number };

/**
 * Applies the faults in effect, in the order a real deployment would meet
 * them: latency, then a dropped connection, then a gateway's 429 or 5xx. If
 * a fault answered (or the client left during the latency) the request is
 * over: returns undefined. Otherwise returns how to deliver the real answer
 * (slow body, truncated-then-dropped).
 */
export async function passFaultGate(
  res: ServerResponse,
  faults: EndpointFaults | undefined,
  deps: GateDeps,
): Promise<Delivery | undefined> {
  if (faults === undefined) return {};
  const { latency } = faults;
  if (latency !== undefined) {
    const ms = latency.ms ?? between(deps.random, latency.minMs ?? 0, latency.maxMs ?? 0);
    const closed = await delay(res, ms, deps.scheduler);
    if (closed) return undefined;
  }
  if (faults.drop !== undefined && faults.drop.stage === 'before' && roll(deps.random, faults.drop.rate)) {
    res.socket?.destroy();
    return undefined;
  }
  const delivery: Delivery = {
    slowBody: faults.slowBody,
    truncateAndDrop: faults.drop?.stage === 'after' && roll(deps.random, faults.drop.rate),
  };
  const reply = createReply(res, delivery, deps.scheduler);
  const limited = faults.tooManyRequests;
  if (limited !== undefined && roll(deps.random, limited.rate)) {
    const retryAfter =
      limited.retryAfterFormat === 'http-date'
        ? new Date(deps.now() + limited.retryAfterSeconds * 1000).toUTCString()
        : String(limited.retryAfterSeconds);
    reply.error(429, 'rate_limited', 'Too many requests (injected by the sandbox); retry later.', {
      'retry-after': retryAfter,
    });
    return undefined;
  }
  const failure = faults.serverError;
  if (failure !== undefined && roll(deps.random, failure.rate)) {
    reply.error(
      failure.status,
      'injected_failure',
      `Server error ${failure.status} injected by the sandbox.`,
    );
    return undefined;
  }
  return delivery;
}

/** Resolves true if the client went away while we waited. */
function delay(res: ServerResponse, ms: number, scheduler: Scheduler): Promise<boolean> {
  if (ms <= 0) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onClose = (): void => {
      cancel();
      resolve(true);
    };
    const cancel = scheduler.after(ms, () => {
      res.off('close', onClose);
      resolve(false);
    });
    res.once('close', onClose);
  });
}
