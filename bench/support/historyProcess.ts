/**
 * The history benchmark's two kinds of process (bench/history-list.ts), each
 * run alone so that one never holds the memory of the other:
 *
 *   node bench/support/historyProcess.ts build DIR RESPONSE_BYTES CALLS
 *   node bench/support/historyProcess.ts list DIR ROUNDS
 *
 * `build` writes CALLS finished calls, each answered with RESPONSE_BYTES of
 * text, into DIR's history. `list` does what starting Robot Tray does with a
 * history already on disk (open it, list the latest 200 calls), then times
 * ROUNDS more lists and prints one line of JSON: a ListRun.
 */
import path from 'node:path';
import { CallHistory } from '../../src/core/store/callHistory.ts';
import { WarningLog } from '../../src/core/store/warnings.ts';
import type { Call } from '../../src/shared/models/call.ts';
import { storeFinishedCalls, type StoredCall } from '../../test/support/storedCalls.ts';

/** What one listing process measured: times in ms, sizes in MiB. */
export type ListRun = { openMs: number; ms: number; rss: number; mib: number };

/** The history's calls: finished, a second apart, each answered with `response`. */
function* calls(count: number, response: Call['response']): Generator<StoredCall> {
  for (let i = 0; i < count; i++) {
    yield {
      id: `call-${String(i).padStart(6, '0')}`,
      robotId: 'r1',
      robotName: 'Bench',
      presetName: null,
      webhookCallId: `wh-${i}`,
      response,
      createdAt: Date.UTC(2026, 0, 1) + i * 1000,
      args: { i },
    };
  }
}

function list(dir: string, rounds: number): ListRun {
  const opening = performance.now();
  const history = CallHistory.open(path.join(dir, 'robot-tray.sqlite'), new WarningLog());
  history.list({ limit: 200 });
  const openMs = performance.now() - opening;
  history.list({ limit: 200 }); // warm: statements prepared, pages cached
  const started = performance.now();
  for (let r = 0; r < rounds; r++) {
    if (history.list({ limit: 200 }).length !== 200) throw new Error('listed fewer than 200 calls');
  }
  const ms = (performance.now() - started) / rounds;
  const rss = process.memoryUsage().rss / 2 ** 20;
  const mib = history.bytes() / 2 ** 20;
  history.close();
  return { openMs, ms, rss, mib };
}

if (import.meta.main) {
  const [command, dir, a, b] = process.argv.slice(2);
  if (command === 'build' && dir !== undefined) {
    storeFinishedCalls(dir, calls(Number(b), { text: 'x'.repeat(Number(a)) }));
  } else if (command === 'list' && dir !== undefined) {
    console.log(JSON.stringify(list(dir, Number(a))));
  } else {
    console.error('usage: historyProcess.ts build DIR RESPONSE_BYTES CALLS | list DIR ROUNDS');
    process.exit(2);
  }
}
