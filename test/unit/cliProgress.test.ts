import { describe, expect, test } from 'vitest';
import { formatElapsed, progressKey, progressLine, progressView } from '../../src/cli/progress.ts';
import { ProgressReporter } from '../../src/cli/progressReporter.ts';
import { compactJson, formatFields, formatTable, shellWord } from '../../src/cli/output.ts';
import type { Call } from '../../src/shared/models/call.ts';

const base: Call = {
  id: 'c1',
  robotId: 'r1',
  robotName: 'Echo',
  presetId: null,
  presetName: null,
  url: null,
  method: 'POST',
  args: {},
  state: 'waiting',
  webhookCallId: 'w1',
  rawStatus: null,
  warning: null,
  error: null,
  notifyOnFinish: false,
  createdAt: 1_000,
  sentAt: 1_000,
  acceptedAt: 1_050,
  lastPolledAt: null,
  nextPollAt: null,
  finishedAt: null,
  watchUntil: null,
  pollCount: 0,
  timeline: [],
};

describe('progress formatting', () => {
  test.each([
    [0, '0.0s'],
    [49, '0.0s'],
    [1_234, '1.2s'],
    [59_999, '59.9s'],
    [60_000, '1m 00s'],
    [125_000, '2m 05s'],
    [3_600_000, '1h 00m'],
    [3_723_000, '1h 02m'],
  ])('%i ms is %s', (ms, text) => {
    expect(formatElapsed(ms)).toBe(text);
  });

  test('state, elapsed time, polls and webhookCallId', () => {
    expect(progressLine(progressView({ ...base, pollCount: 1 }, 2_500))).toBe(
      'waiting · 1.5s · 1 poll · webhookCallId w1',
    );
    expect(progressLine(progressView({ ...base, pollCount: 3 }, 1_000))).toBe(
      'waiting · 0.0s · 3 polls · webhookCallId w1',
    );
  });

  test('a failing poll shows while the call still waits, with the next try; a finished call counts to its end', () => {
    const error = { kind: 'http' as const, message: 'x', status: 503, count: 2, at: 0 };
    expect(progressLine(progressView({ ...base, pollCount: 2, error, nextPollAt: 7_200 }, 3_000))).toBe(
      'waiting · 2.0s · 2 polls · last poll failed: HTTP 503 (2 in a row); next try in 5 s · webhookCallId w1',
    );
    const network = { kind: 'network' as const, message: 'x', count: 1, at: 0 };
    expect(progressLine(progressView({ ...base, error: network }, 1_000))).toContain(
      'last poll failed: could not reach the service ·',
    );
    const done = { ...base, state: 'done' as const, pollCount: 4, finishedAt: 5_000 };
    expect(progressLine(progressView(done, 99_000))).toBe('done · 4.0s · 4 polls · webhookCallId w1');
  });

  test('the key changes with state, polls and failures, not with time', () => {
    const key = (call: Call, now: number) => progressKey(progressView(call, now));
    expect(key(base, 1_000)).toBe(key(base, 9_000));
    expect(key(base, 1_000)).not.toBe(key({ ...base, pollCount: 1 }, 1_000));
    expect(key(base, 1_000)).not.toBe(key({ ...base, state: 'done' }, 1_000));
  });
});

describe('progress reporter', () => {
  function stream(isTTY: boolean) {
    const writes: string[] = [];
    return { isTTY, writes, write: (text: string) => writes.push(text) };
  }

  test('plain: one line per change, none for a repeat', () => {
    const out = stream(false);
    const reporter = new ProgressReporter(out, () => 2_000);
    reporter.update(base);
    reporter.update(base);
    reporter.update({ ...base, pollCount: 1 });
    reporter.end({ ...base, state: 'done', pollCount: 2, finishedAt: 3_000 });
    expect(out.writes).toEqual([
      'waiting · 1.0s · 0 polls · webhookCallId w1\n',
      'waiting · 1.0s · 1 poll · webhookCallId w1\n',
      'done · 2.0s · 2 polls · webhookCallId w1\n',
    ]);
  });

  test('terminal: the line is redrawn in place and left standing at the end', () => {
    const out = stream(true);
    const reporter = new ProgressReporter(out, () => 2_000);
    reporter.update(base);
    reporter.update({ ...base, pollCount: 1 });
    reporter.end({ ...base, state: 'done', pollCount: 1, finishedAt: 2_000 });
    expect(out.writes).toEqual([
      '\r\x1b[2Kwaiting · 1.0s · 0 polls · webhookCallId w1',
      '\r\x1b[2Kwaiting · 1.0s · 1 poll · webhookCallId w1',
      '\r\x1b[2Kdone · 1.0s · 1 poll · webhookCallId w1',
      '\n',
    ]);
  });
});

describe('output for people', () => {
  test('tables pad every column but the last', () => {
    expect(
      formatTable(
        ['NAME', 'URL'],
        [
          ['a', 'https://x'],
          ['longer', '-'],
        ],
      ),
    ).toBe('NAME    URL\na       https://x\nlonger  -');
  });

  test('tables keep their columns in line under names with emoji, CJK characters and accents', () => {
    const table = formatTable(
      ['ROBOT', 'PRESET', 'STATE'],
      [
        ['🤖 Billing', 'Daily', 'done'],
        ['請求書', 'Month end', 'waiting'],
        ['Cafe\u0301', 'x', 'done'],
      ],
    );
    // Each name takes its terminal columns: the emoji and each CJK character two, the accent none.
    expect(table).toBe(
      'ROBOT       PRESET     STATE\n🤖 Billing  Daily      done\n請求書      Month end  waiting\nCafe\u0301        x          done',
    );
  });

  test('fields align labels, skip missing values and indent multi-line ones', () => {
    expect(
      formatFields([
        ['call', 'c1'],
        ['preset', undefined],
        ['response', '{\n  "a": 1\n}'],
      ]),
    ).toBe('call      c1\nresponse  {\n            "a": 1\n          }');
  });

  test('shell words are quoted only when needed', () => {
    expect(shellWord('Echo')).toBe('Echo');
    expect(shellWord('Rush order')).toBe("'Rush order'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
  });

  test('compact JSON is cut with an ellipsis', () => {
    expect(compactJson({ a: 1 })).toBe('{"a":1}');
    expect(compactJson({ a: 'x'.repeat(100) }, 10)).toBe('{"a":"xxx…');
  });
});
