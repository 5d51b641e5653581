import path from 'node:path';
import { AppCore } from '../../src/core/appCore.ts';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { Call } from '../../src/shared/models/call.ts';

export type StoredCall = Pick<
  Call,
  'id' | 'robotId' | 'robotName' | 'presetName' | 'webhookCallId' | 'response'
> &
  Partial<Call>;

/**
 * Write finished calls straight into a data folder's history, as if a robot
 * had answered each with its `response`: for responses no sandbox robot can
 * send (a `__proto__` key, 20 MB, exact numbers beyond 2^53), and for
 * histories of thousands of calls.
 */
export function storeFinishedCalls(dataDir: string, calls: Iterable<StoredCall>): void {
  const history = CallHistory.open(path.join(dataDir, 'robot-tray.sqlite'), new WarningLog());
  const at = Date.UTC(2026, 0, 1);
  try {
    for (const call of calls) {
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
    }
  } finally {
    history.close();
  }
}

/** A finished call of robot r1 known by two ids, call-1 and webhookCallId wh-1, its response {"done":1}. */
export const answeredCall: StoredCall = {
  id: 'call-1',
  robotId: 'r1',
  robotName: 'Bot',
  presetName: null,
  webhookCallId: 'wh-1',
  response: { done: 1 },
};

/** One finished call (see storeFinishedCalls). */
export function storeFinishedCall(dataDir: string, call: StoredCall): void {
  storeFinishedCalls(dataDir, [call]);
}

/**
 * A history of `count` finished calls of one robot, a second apart, every
 * seventh rejected: the long history people scroll.
 */
export function* archiveCalls(robotId: string, robotName: string, count: number): Generator<StoredCall> {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    yield {
      id: `call-${String(i).padStart(5, '0')}`,
      robotId,
      robotName,
      presetName: `Run ${i}`,
      args: { i },
      state: i % 7 === 0 ? 'rejected' : 'done',
      webhookCallId: `wh-${i}`,
      response: { i },
      createdAt: start + i * 1000,
      sentAt: start + i * 1000,
      acceptedAt: null,
      lastPolledAt: null,
      finishedAt: start + i * 1000 + 500,
    };
  }
}

/**
 * A data folder whose history holds `count` finished calls of a robot named
 * Archive (the history limit raised to keep them all).
 */
export async function storeArchive(dataDir: string, count: number): Promise<void> {
  const core = await AppCore.open({ dataDir });
  await core.updateSettings({ historyLimit: Math.max(count * 2, 1_000) });
  const archive = await core.createRobot({ name: 'Archive', baseUrl: 'https://robots.example.com' });
  await core.close();
  storeFinishedCalls(dataDir, archiveCalls(archive.id, 'Archive', count));
}
