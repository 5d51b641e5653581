import { describe, expect, test } from 'vitest';
import { callDetail, type Call } from '../../src/shared/models/call.ts';
import { callReport, fencedBlock, markdownInline } from '../../src/shared/report/callReport.ts';

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

const report = (c: Call, options = {}) => callReport(callDetail(c), options);

describe('callReport', () => {
  test('a robot at its origin\'s root: no empty "Base path" line', () => {
    const text = report(
      call({ basePath: '', url: 'https://robots.example.com/main/public/webhook/request' }),
    );
    expect(text).not.toContain('Base path');
    expect(text).toContain('- **Origin:** https://robots.example.com');
  });
  test('a DONE call: robot, preset, origin, request, arguments, timeline in UTC with duration, response', () => {
    const text = report(call());
    expect(text).toContain('## Robot Tray call: Invoice sync · Customer 42');
    expect(text).toContain('- **Robot:** Invoice sync');
    expect(text).toContain('- **Preset:** Customer 42');
    expect(text).toContain('- **Origin:** https://robots.example.com');
    expect(text).toContain('- **Base path:** /hook');
    expect(text).toContain('- **Request:** POST https://robots.example.com/hook/invoice');
    expect(text).toContain('- **webhookCallId:** wh-77');
    expect(text).toContain('- **State:** Done');
    expect(text).toContain('**Outcome:** Done.');
    expect(text).toContain('```json\n{\n  "customer": 42,\n  "note": "rush"\n}\n```');
    expect(text).toContain(
      [
        '### Timeline (UTC)',
        '',
        '- 2026-11-25T09:30:00.000Z fired',
        '- 2026-11-25T09:30:00.000Z sending',
        '- 2026-11-25T09:30:00.120Z accepted',
        '- 2026-11-25T09:30:00.120Z waiting',
        '- 2026-11-25T09:30:02.500Z done',
        '- 2026-11-25T09:30:02.500Z finished (after 2.500 s)',
        '',
      ].join('\n'),
    );
    expect(text).toContain('```json\n{\n  "invoices": 3,\n  "status": "ok"\n}\n```');
  });

  test('a failed call: the state the service said, the error text, and no response said as such', () => {
    const failed = call({
      state: 'failed',
      rawStatus: 'FAILED',
      error: { kind: 'protocol', message: 'The robot stopped at step 3: customer 42 unknown.', count: 1, at },
      response: undefined,
      timeline: [
        { at, state: 'sending' },
        { at: at + 120, state: 'waiting' },
        { at: at + 9_000, state: 'failed', note: 'robot said: customer unknown' },
      ],
      finishedAt: at + 9_000,
    });
    const text = report(failed);
    expect(text).toContain('- **State:** Failed (the service said "FAILED")');
    expect(text).toContain('customer 42 unknown');
    expect(text).toContain('- 2026-11-25T09:30:09.000Z failed: robot said: customer unknown');
    expect(text).toContain('finished (after 9.000 s)');
    expect(text).toContain('No response was received.');
  });

  test('a response holding ``` gets a longer fence, so it cannot close the block early', () => {
    const text = report(call({ response: { md: 'a ``` b ```` c' } }));
    expect(text).toContain('`````json\n{\n  "md": "a ``` b ```` c"\n}\n`````');
    // No line of only three or four backticks before the response's own fence closes.
    const block = text.slice(text.indexOf('### Response'));
    expect(block.split('\n').filter((line) => /^`{3,4}$/.test(line))).toEqual([]);
  });

  test('a long response is cut, with how much was left out and how to get all of it', () => {
    const big = { rows: Array.from({ length: 2_000 }, (_, i) => ({ i, name: `row ${i}` })) };
    const text = report(call({ response: big }), { responseChars: 500 });
    const fenced = /```json\n([\s\S]*?)\n```/g;
    const blocks = [...text.matchAll(fenced)].map((m) => m[1]!);
    expect(blocks.at(-1)!.length).toBe(500);
    const whole = JSON.stringify(big, null, 2).length;
    expect(text).toContain(`${(whole - 500).toLocaleString('en-US')} more characters were left out`);
    expect(text).toContain('Get all of it with `robot-tray call show c-1234 --output FILE`');
    expect(report(call({ response: big })).length).toBeLessThan(8_000);
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
