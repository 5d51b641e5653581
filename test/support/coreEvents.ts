import type { AppCore } from '../../src/core/appCore.ts';
import type { BatchProgress } from '../../src/shared/models/batch.ts';
import type { Call } from '../../src/shared/models/call.ts';
import type { TeamCatalogState } from '../../src/shared/models/teamCatalog.ts';

/**
 * Resolve with the call once `predicate` holds, on the core's events, never
 * on time. Checks the call's current state first, so an answer that already
 * arrived is not missed.
 */
export function whenCall(core: AppCore, callId: string, predicate: (call: Call) => boolean): Promise<Call> {
  return new Promise((resolve, reject) => {
    const check = (call: Call | undefined) => {
      if (call && predicate(call)) {
        unsubscribe();
        resolve(call);
      }
    };
    const unsubscribe = core.subscribe((event) => {
      if (event.type === 'calls') for (const c of event.calls) if (c.id === callId) check(c);
    });
    try {
      check(core.getCall(callId));
    } catch (error) {
      unsubscribe();
      reject(error);
    }
  });
}

/** The next team catalog event whose state passes `predicate`: waits on the core's events, never on time. */
export function nextTeam(
  core: AppCore,
  predicate: (team: TeamCatalogState) => boolean,
): Promise<TeamCatalogState> {
  return new Promise((resolve) => {
    const stop = core.subscribe((event) => {
      if (event.type === 'team' && predicate(event.team)) {
        stop();
        resolve(event.team);
      }
    });
  });
}

/** The first `batch` event of a batch this process stopped running (finished, paused, stopped or failed): on events, never on time. */
export function nextBatchEnd(
  core: AppCore,
  predicate: (progress: BatchProgress) => boolean = () => true,
): Promise<BatchProgress> {
  return new Promise((resolve) => {
    const stop = core.subscribe((event) => {
      if (event.type === 'batch' && !event.progress.running && predicate(event.progress)) {
        stop();
        resolve(event.progress);
      }
    });
  });
}
