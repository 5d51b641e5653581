import type { HttpMethod } from '../../../shared/models/preset.ts';
import type { JsonObject } from '../../../shared/models/json.ts';
import { checkedText } from '../../../shared/sentences/pollTrouble.ts';
import { BridgeError, call, messageOf } from '../bridge/call.ts';
import { applyCallsChanged, loadCalls, useCalls } from './calls.ts';
import { openCall, setForgetting, showNotice, type NoticePlace } from './callsView.ts';
import { selectCall } from './ui.ts';

/** How much history the list holds: 100,000 calls scroll (issue 23), read 10,000 at a time. */
export const HISTORY_LIMIT = 100_000;

async function act(run: () => Promise<string>, place: NoticePlace = 'detail'): Promise<void> {
  try {
    showNotice(await run(), { place });
  } catch (error) {
    showNotice(messageOf(error), { error: true, place });
  }
}

/** The answer to an action is a newer summary: record it as an event would. */
function record(summary: Parameters<typeof applyCallsChanged>[0][number]['call']): void {
  applyCallsChanged([{ call: summary, from: useCalls.getState().byId.get(summary.id)?.state ?? null }]);
}

export const stopCall = (id: string) =>
  act(async () => {
    record(await call('stopCall', { id }));
    return 'Stopped watching. Resume to watch it again.';
  });

/** Ask the service now; the notice says what it answered and when the next automatic check is. */
export const checkCall = (id: string) =>
  act(async () => {
    const checked = await call('checkCall', { id });
    record(checked);
    return checkedText(checked, Date.now());
  });

export const resumeCall = (id: string) =>
  act(async () => {
    record(await call('resumeCall', { id }));
    return 'Watching again.';
  });

/** Fire again with exactly what that call sent; the new call is selected and opened. */
export const refireCall = (id: string, secrets?: Record<string, string>) =>
  act(async () => {
    const fresh = await call('refireCall', { id, ...(secrets === undefined ? {} : { fields: secrets }) });
    record(fresh);
    selectCall(fresh.id);
    openCall(fresh.id);
    return 'Fired again with the same arguments.';
  });

/** Fire again with these exactly in place of what that call sent (the preset's are not merged in). */
export const fireWithChanges = (
  source: { id: string },
  method: HttpMethod,
  args: JsonObject,
  secrets?: Record<string, string>,
) =>
  act(async () => {
    const fresh = await call('refireCall', {
      id: source.id,
      method,
      args,
      ...(secrets === undefined ? {} : { fields: secrets }),
    });
    record(fresh);
    selectCall(fresh.id);
    openCall(fresh.id);
    return 'Fired again with your changes.';
  });

/** How long a forgotten call can be had back: it leaves the list at once, the history only then. */
export const FORGET_UNDO_MS = 6_000;
const forgets = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Forget a call: it leaves the list and its detail closes at once, with
 * "Undo" in the calls pane for a few seconds; only then does main remove
 * it from the history. A forget the window cannot finish (it was closed
 * for good meanwhile) leaves the call in the history.
 */
export function forgetCall(id: string): void {
  if (forgets.has(id)) return;
  openCall(null);
  setForgetting(id, true);
  const undo = () => {
    const timer = forgets.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    forgets.delete(id);
    setForgetting(id, false);
    showNotice('Kept: the call is back in the list.', { place: 'list' });
  };
  forgets.set(
    id,
    setTimeout(() => {
      forgets.delete(id);
      call('forgetCall', { id })
        .catch((error: unknown) => {
          // Gone already (cleared with the finished calls meanwhile): nothing left to forget.
          if (!(error instanceof BridgeError && error.kind === 'not-found'))
            showNotice(messageOf(error), { error: true, place: 'list' });
        })
        .finally(() => setForgetting(id, false));
    }, FORGET_UNDO_MS),
  );
  showNotice('Forgotten: the call is gone from the history.', { place: 'list', undo });
}

export const clearFinished = (robotId: string | null) =>
  act(async () => {
    const { removed } = await call('clearFinished', robotId === null ? {} : { robotId });
    return removed === 0
      ? 'No finished calls to clear.'
      : `Cleared ${removed} finished ${removed === 1 ? 'call' : 'calls'}.`;
  }, 'list');

/**
 * When the window gains focus: calls the CLI fired or finished meanwhile
 * produce no events here, so take over waiting ones and read the history again.
 */
export async function refreshCalls(): Promise<void> {
  try {
    await call('adoptWaitingCalls');
  } catch {
    // Reading the history below still shows what the CLI did.
  }
  await loadCalls(HISTORY_LIMIT);
}
