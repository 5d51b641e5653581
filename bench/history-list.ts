/**
 * Listing calls does not depend on what their responses weigh: the same 200
 * rows are listed from a history whose responses are 8 KiB each (past the
 * 4,000 characters of a response that free-text search keeps beside the
 * call) and from one whose responses add up to `--mb` megabytes, and the two
 * are compared (a ratio, measured in the same run), with the process's RSS.
 *
 *   npm run bench:history [-- --mb 1024 --calls 2000 --short --out FILE]
 *
 * Bounded: at most 4 GiB of responses and 20,000 calls, in a temporary folder
 * removed at the end. The default is issue 21's 3 GiB history (about 35 s on
 * the 2-core machine); `--short` lists from 2 MiB.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CallHistory } from '../src/core/store/callHistory.ts';
import { WarningLog } from '../src/core/store/warnings.ts';
import type { Call } from '../src/shared/models/call.ts';
import { storeFinishedCalls, type StoredCall } from '../test/support/storedCalls.ts';
import { benchArgs, reportFigures } from './support/benchRun.ts';
import { figure } from './support/figures.ts';

const { values, out } = benchArgs(
  { mb: { type: 'string', default: '3072' }, calls: { type: 'string', default: '2000' } },
  { mb: '2', calls: '200' },
);
const MB = Math.min(Math.max(Number(values.mb), 1), 4096);
const CALLS = Math.min(Math.max(Number(values.calls), 200), 20_000);
const ROUNDS = 20;

/** The history's calls: finished, a second apart, each answered with `response`. */
function* calls(response: Call['response']): Generator<StoredCall> {
  for (let i = 0; i < CALLS; i++) {
    const at = Date.UTC(2026, 0, 1) + i * 1000;
    const id = `call-${String(i).padStart(6, '0')}`;
    yield {
      id,
      robotId: 'r1',
      robotName: 'Bench',
      presetName: null,
      webhookCallId: `wh-${i}`,
      response,
      createdAt: at,
      args: { i },
    };
  }
}

async function measure(
  label: string,
  responseBytes: number,
): Promise<{ ms: number; rss: number; mib: number; openMs: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'robot-tray-bench-history-'));
  try {
    storeFinishedCalls(dir, calls({ text: 'x'.repeat(responseBytes) }));
    // What starting the app does with its history: open it and read what is still waiting.
    const opening = performance.now();
    const history = CallHistory.open(path.join(dir, 'history.sqlite'), new WarningLog());
    history.list({ limit: 200 });
    const openMs = performance.now() - opening;
    history.list({ limit: 200 }); // warm: statements prepared, pages cached
    const started = performance.now();
    for (let r = 0; r < ROUNDS; r++) {
      if (history.list({ limit: 200 }).length !== 200) throw new Error('listed fewer than 200 calls');
    }
    const ms = (performance.now() - started) / ROUNDS;
    const rss = process.memoryUsage().rss / 2 ** 20;
    console.log(
      `${label}: ${CALLS} calls, ${((responseBytes * CALLS) / 2 ** 20).toFixed(0)} MiB of responses, ` +
        `history ${(history.bytes() / 2 ** 20).toFixed(0)} MiB; list of 200: ${ms.toFixed(2)} ms; RSS ${rss.toFixed(0)} MiB`,
    );
    const mib = history.bytes() / 2 ** 20;
    history.close();
    return { ms, rss, mib, openMs };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const small = await measure('8 KiB responses', 8 * 1024);
const large = await measure('large responses', Math.floor((MB * 2 ** 20) / CALLS));
await reportFigures(
  [
    figure({
      name: `history: list of 200 calls from ${CALLS} calls holding ${MB} MiB of responses`,
      value: large.ms,
      unit: 'ms',
      baseline: { name: `the same with 8 KiB responses`, value: small.ms, unit: 'ms' },
      target: { on: 'value', op: '<=', limit: 100, source: 'issue 21 (at 3 GiB)' },
      found: `history ${large.mib.toFixed(0)} MiB on disk; ${ROUNDS} lists timed`,
    }),
    figure({
      name: `history: opening it and listing 200 calls, ${MB} MiB of responses`,
      value: large.openMs,
      unit: 'ms',
      baseline: { name: 'the same with 8 KiB responses', value: small.openMs, unit: 'ms' },
      target: { on: 'value', op: '<=', limit: 1000, source: 'issue 21 (at 3 GiB)' },
    }),
    figure({
      name: `history: RSS after listing from ${MB} MiB of responses`,
      value: large.rss,
      unit: 'MiB',
      baseline: { name: 'after the 8 KiB history', value: small.rss, unit: 'MiB' },
      target: { on: 'value', op: '<=', limit: 300, source: 'issue 21 (at 3 GiB)' },
    }),
  ],
  out,
);
