import path from 'node:path';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { Call } from '../../src/shared/models/call.ts';

/**
 * Write one finished call straight into a data folder's history, as if a
 * robot had answered with `response`: for responses no sandbox robot can
 * send (a `__proto__` key, 20 MB, exact numbers beyond 2^53).
 */
export function storeFinishedCall(
  dataDir: string,
  call: Pick<Call, 'id' | 'robotId' | 'robotName' | 'presetName' | 'webhookCallId' | 'response'> &
    Partial<Call>,
): void {
  const history = CallHistory.open(path.join(dataDir, 'history.sqlite'), new WarningLog());
  const at = Date.UTC(2026, 0, 1);
  history.put({
    presetId: null,
    method: 'POST',
    args: {},
    state: 'done',
    url: 'https://robots.example.com/hook',
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: false,
    createdAt: at,
    sentAt: at,
    acceptedAt: at,
    lastPolledAt: at,
    nextPollAt: null,
    finishedAt: at + 500,
    watchUntil: null,
    pollCount: 1,
    timeline: [],
    ...call,
  });
  history.close();
}
