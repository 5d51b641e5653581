import { describe, expect, test } from 'vitest';
import { callDetail, type Call } from '../../src/shared/models/call.ts';
import {
  callReport,
  fencedBlock,
  markdownInline,
  type ReportOptions,
} from '../../src/shared/report/callReport.ts';

const at = Date.UTC(2026, 10, 25, 9, 30, 0);

function call(overrides: Partial<Call> = {}): Call {
  return {
    id: 'c-1234',
    robotId: 'r1',
    robotName: 'Invoice sync',
    presetId: 'p1',
    presetName: 'Customer 42',
    method: 'POST',
    args: { customer: 42, note: 'rush' },
    state: 'done',
    webhookCallId: 'wh-77',
    url: 'https://robots.example.com/hook/invoice',
    origin: 'https://robots.example.com',
    basePath: '/hook',
    rawStatus: null,
    warning: null,
    error: null,
    notifyOnFinish: false,
    createdAt: at,
    sentAt: at,
    acceptedAt: at + 120,
    lastPolledAt: at + 2_500,
    nextPollAt: null,
    finishedAt: at + 2_500,
    watchUntil: null,
    pollCount: 3,
    timeline: [
      { at, state: 'sending' },
      { at: at + 120, state: 'waiting' },
      { at: at + 2_500, state: 'done' },
    ],
    response: { invoices: 3, status: 'ok' },
    ...overrides,
  };
}

const report = (c: Call, options: Partial<ReportOptions> = {}) =>
  callReport(callDetail(c), { appVersion: '1.4.0', locale: 'en-US', timeZone: 'UTC', ...options });

describe('callReport', () => {
  test('a robot at its origin\'s root: no empty "Base path" line', () => {
    const text = report(
      call({ basePath: '', url: 'https://robots.example.com/main/public/webhook/request' }),
    );
    expect(text).not.toContain('Base path');
    expect(text).toContain('- **Origin:** https://robots.example.com');
  });
  test('a DONE call: robot, preset, origin, request, arguments, each state once in the timeline, response, the app version', async () => {
    const text = report(call());
    expect(text).toContain('## Robot Tray call: Invoice sync · Customer 42');
    expect(text).toContain('- **Robot:** Invoice sync');
    expect(text).toContain('- **Preset:** Customer 42');
    expect(text).toContain('- **Origin:** https://robots.example.com');
    expect(text).toContain('- **Base path:** /hook');
    expect(text).toContain('- **Request:** POST https://robots.example.com/hook/invoice');
    expect(text).toContain('- **webhookCallId:** wh-77');
    expect(text).toContain('- **State:** Done');
    expect(text).toContain('- **Fired:** Nov 25, 2026, 9:30:00 AM (GMT+0)');
    expect(text).toContain('- **Robot Tray:** 1.4.0');
    expect(text).toContain('**Outcome:** Done.');
    expect(text).toContain('```json\n{\n  "customer": 42,\n  "note": "rush"\n}\n```');
    // Fired and sending, accepted and waiting, done and finished: each moment once.
    expect(text).toContain(
      [
        '### Timeline (GMT+0)',
        '',
        '- 9:30:00 AM Sending',
        '- 9:30:00 AM Waiting (+0.120 s)',
        '- 9:30:02 AM Done (+2.500 s)',
        '',
      ].join('\n'),
    );
    expect(text).toContain('```json\n{\n  "invoices": 3,\n  "status": "ok"\n}\n```');
  });

  test('the local call id is nowhere in a report: it means nothing on the reader’s desk', () => {
    const text = report(call({ id: 'c-1234-local' }));
    expect(text).not.toContain('c-1234');
    expect(text).not.toMatch(/\*\*Call:\*\*/);
  });

  test('times follow the locale and say their zone; a state met again after another is listed again', () => {
    const text = report(
      call({
        state: 'waiting',
        finishedAt: null,
        timeline: [
          { at, state: 'sending' },
          { at: at + 120, state: 'waiting' },
          { at: at + 60_000, state: 'stopped', note: 'watching stopped.' },
          { at: at + 86_400_000, state: 'waiting' },
        ],
      }),
      { locale: 'de-DE', timeZone: 'Europe/Berlin' },
    );
    expect(text).toContain('- **Fired:** 25.11.2026, 10:30:00 (GMT+1)');
    expect(text).toContain(
      [
        '### Timeline (GMT+1)',
        '',
        '- 10:30:00 Sending',
        '- 10:30:00 Waiting (+0.120 s)',
        '- 10:31:00 Stopped: watching stopped. (+1 min 0 s)',
        '- 26.11.2026, 10:30:00 Waiting (+24 h 0 min)',
        '',
      ].join('\n'),
    );
  });

  test('a failed call: the state the service said, the error text, and no response said as such', () => {
    const failed = call({
      state: 'failed',
      rawStatus: 'FAILED',
      error: { kind: 'protocol', message: 'The robot stopped at step 3: customer 42 unknown.', count: 1, at },
      response: undefined,
      timeline: [
        { at, state: 'sending' },
        { at: at + 120, state: 'waiting', note: 'Accepted (HTTP 200)' },
        { at: at + 9_000, state: 'failed', note: 'robot said: customer unknown' },
      ],
      finishedAt: at + 9_000,
    });
    const text = report(failed);
    expect(text).toContain('- **State:** Failed (the service said "FAILED")');
    expect(text).toContain('customer 42 unknown');
    expect(text).toContain('- 9:30:09 AM Failed: robot said: customer unknown (+9.000 s)');
    expect(text).toContain('No response was received.');
  });

  test('a response holding ``` gets a longer fence, so it cannot close the block early', () => {
    const text = report(call({ response: { md: 'a ``` b ```` c' } }));
    expect(text).toContain('`````json\n{\n  "md": "a ``` b ```` c"\n}\n`````');
    // No line of only three or four backticks before the response's own fence closes.
    const block = text.slice(text.indexOf('### Response'));
    expect(block.split('\n').filter((line) => /^`{3,4}$/.test(line))).toEqual([]);
  });

  test('a long response is cut at a whole line, indented however large it is, with its size and where all of it is', () => {
    const big = { rows: Array.from({ length: 2_000 }, (_, i) => ({ i, name: `row ${i}` })) };
    const text = report(call({ response: big }), { responseChars: 500 });
    const block = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]!).at(-1)!;
    expect(block.length).toBeLessThanOrEqual(500);
    expect(JSON.stringify(big, null, 2).startsWith(block + '\n')).toBe(true);
    expect(text).toMatch(
      /The response is cut here, after \d+ lines: it is 54 KiB in all\. Save the call in Robot Tray \("Save call…"\) and attach the file for all of it\./,
    );
    expect(report(call({ response: big })).length).toBeLessThan(8_000);
    expect(report(call({ response: big }), { responseChars: 500, savedFile: 'run_1.json' })).toContain(
      'All of it is in the saved call file run\\_1.json.',
    );

    // A response past what is worth parsing (here 1 MB, one line as sent) reads the same way.
    const huge = {
      rows: Array.from({ length: 20_000 }, (_, i) => ({ i, name: `row ${i}`, pad: 'x'.repeat(20) })),
    };
    const sent = JSON.stringify(huge);
    const fromHuge = callReport(
      { ...callDetail(call({ response: undefined })), responseJson: sent },
      { appVersion: '1.4.0' },
    );
    const lines = fromHuge
      .slice(fromHuge.indexOf('### Response'), fromHuge.indexOf('The response is cut'))
      .split('\n');
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThan(120);
    expect(lines.filter((l) => l.startsWith('      "name": "row ')).length).toBeGreaterThan(20);
  });

  test('one long string in the response is cut within its line, not shown as a 4,000-character line', () => {
    const text = report(call({ response: { blob: 'A'.repeat(10_000), after: 1 } }));
    const longest = Math.max(...text.split('\n').map((l) => l.length));
    expect(longest).toBeLessThanOrEqual(401);
    expect(text).toContain(`  "blob": "${'A'.repeat(389)}…`);
    expect(text).toContain('The response is cut here');
  });

  test('large arguments are cut like a response, and said to be', () => {
    const text = report(call({ args: { ids: Array.from({ length: 3_000 }, (_, i) => i) } }));
    const args = text.slice(text.indexOf('### Arguments sent'), text.indexOf('### Timeline'));
    expect(args.length).toBeLessThan(4_300);
    expect(args).toContain('The arguments are cut here; the saved call holds all of them.');
  });

  test('only Markdown that GitHub and Jira read alike: headings, bullet lists, bold labels, fenced blocks', () => {
    const text = report(call());
    let fenced = false;
    for (const line of text.split('\n')) {
      if (/^`{3,}/.test(line)) fenced = !fenced;
      if (fenced || line === '' || /^`{3,}/.test(line)) continue;
      expect(line).toMatch(/^(## |### |- |\*\*[A-Z][a-z]+:\*\* )/);
      // No table, no HTML, no setext heading, no numbered list.
      expect(line).not.toMatch(/^\||<[a-z]|^[=-]{3,}$|^\d+\. /);
    }
    expect(fenced).toBe(false);
  });

  test('control and bidi characters from the service are shown escaped, in lines and in blocks', () => {
    const text = report(
      call({
        robotName: 'Evil\u202e robot',
        presetName: 'line\nbreak',
        response: { msg: 'a\u202eb\u0085c', esc: '\u001b[2J' },
      }),
    );
    for (const raw of ['\u202e', '\u0085', '\u001b']) expect(text).not.toContain(raw);
    expect(text).toContain('Evil\\u202e robot');
    expect(text).toContain('line\\u000abreak');
    expect(text).toContain('"msg": "a\\u202eb\\u0085c"');
  });

  test('Markdown in names is escaped, not acted on', () => {
    expect(markdownInline('*[x](javascript:y)* <b>|`')).toBe('\\*\\[x\\](javascript:y)\\* \\<b\\>\\|\\`');
    expect(fencedBlock('no ticks')).toBe('```\nno ticks\n```');
  });

  test('no token: the report says nothing the call record does not hold, and names no header', () => {
    const text = report(call());
    expect(text).not.toMatch(/x-service-token|ROBOT_TOKEN/i);
  });
});
