import type { HttpMethod } from '../../../shared/models/preset.ts';
import type { JsonObject } from '../../../shared/models/json.ts';
import { checkedText } from '../../../shared/sentences/pollTrouble.ts';
import { call, messageOf } from '../bridge/call.ts';
import { applyCallsChanged, loadCalls, useCalls } from './calls.ts';
import { openCall, showNotice } from './callsView.ts';
import { selectCall } from './ui.ts';

/** How much history the list holds: 100,000 calls scroll (issue 23), read 10,000 at a time. */
export const HISTORY_LIMIT = 100_000;

async function act(run: () => Promise<string>): Promise<void> {
  try {
    showNotice(await run());
  } catch (error) {
    showNotice(messageOf(error), true);
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

export const forgetCall = (id: string) =>
  act(async () => {
    await call('forgetCall', { id });
    openCall(null);
    return 'Forgotten: the call is gone from the history.';
  });

export const clearFinished = (robotId: string | null) =>
  act(async () => {
    const { removed } = await call('clearFinished', robotId === null ? {} : { robotId });
    return removed === 0
      ? 'No finished calls to clear.'
      : `Cleared ${removed} finished ${removed === 1 ? 'call' : 'calls'}.`;
  });

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
