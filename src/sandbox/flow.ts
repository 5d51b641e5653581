import type { CallStore, LiveCall } from './calls.ts';
import { between, logNormal, type RandomSource } from './random.ts';
import { buildResponse, generatedObject } from './responses.ts';
import type { Scheduler } from './scheduler.ts';
import type { FlowStep } from './schema.ts';

export type FlowDeps = { calls: CallStore; scheduler: Scheduler; random: RandomSource };

/**
 * Runs a robot's flow for one call: steps run in order with the call's
 * arguments; a wait parks the call on one timer (no promise chain per call),
 * so thousands of waiting calls stay cheap and close() can cancel them.
 */
type WaitStep = Extract<FlowStep, { type: 'wait' | 'waitRandom' | 'waitLogNormal' }>;

function waitOf(step: WaitStep, random: RandomSource): number {
  if (step.type === 'wait') return step.ms;
  if (step.type === 'waitRandom') return between(random, step.minMs, step.maxMs);
  return Math.min(step.maxMs, Math.round(logNormal(random, step.medianMs, step.sigma)));
}

export function runFlow(call: LiveCall, flow: readonly FlowStep[], deps: FlowDeps): void {
  const from = (start: number): void => {
    for (let index = start; index < flow.length; index += 1) {
      const step = flow[index] as FlowStep;
      switch (step.type) {
        case 'wait':
        case 'waitRandom':
        case 'waitLogNormal': {
          const ms = waitOf(step, deps.random);
          call.waitedMs = (call.waitedMs ?? 0) + ms;
          const cancel = deps.scheduler.after(ms, () => {
            call.skipWait = undefined;
            from(index + 1);
          });
          call.cancelTimer = cancel;
          call.skipWait = () => {
            cancel();
            call.skipWait = undefined;
            from(index + 1);
          };
          return;
        }
        case 'respond': {
          const response = buildResponse(call.args, step);
          if (step.waitedKey !== undefined) response[step.waitedKey] = call.waitedMs ?? 0;
          deps.calls.respond(call, response);
          break;
        }
        case 'respondGenerated':
          deps.calls.respond(call, generatedObject(step.bytes));
          break;
        case 'finish':
          deps.calls.end(call);
          return;
        case 'fail':
          deps.calls.fail(call, step.message ?? 'The robot failed.');
          return;
      }
    }
    deps.calls.end(call);
  };
  from(0);
}
