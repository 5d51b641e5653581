import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { QueryResult } from '../../src/core/http/queryAnswer.ts';
import { newCall } from '../../src/core/tracker/fireSpec.ts';
import { afterAccepted, afterAnswer } from '../../src/core/tracker/transitions.ts';
import type { Robot } from '../../src/shared/models/robot.ts';

const doc = readFileSync(path.resolve(import.meta.dirname, '../../docs/INTERFACE.md'), 'utf8');

/** The row of the "silent" table whose first cell starts with `start`: its two cells. */
function row(start: string): [string, string] {
  const line = doc.split('\n').find((l) => l.startsWith(`| ${start}`));
  if (line === undefined) throw new Error(`docs/INTERFACE.md has no row starting "${start}"`);
  const cells = line.split('|').map((c) => c.trim());
  return [cells[1]!, cells[2]!];
}

const robot = { id: 'r1', name: 'R', baseUrl: 'https://robots.example.com' } as Robot;
function stateAfter(status: string): string {
  const sent = newCall(robot, { method: 'POST', args: {} }, 'c1', 1_000);
  const waiting = afterAccepted(sent, { webhookCallId: 'w-1', status: 202 }, 1_010, 60_000);
  const answer: QueryResult = { status, response: undefined, hasResponse: false, body: { status } };
  return afterAnswer(waiting, answer, 2_000).call.state;
}

/** docs/INTERFACE.md tells people what each case the service leaves open becomes: as the code does. */
describe('docs/INTERFACE.md', () => {
  test('a status that reports a failed run is `failed`, as the poller makes it; a run that never responds stays `waiting`', () => {
    const [, statuses] = row('a status other than');
    const examples = [...statuses.split('makes the call `failed`')[0]!.matchAll(/`([^`]+)`/g)].map(
      (m) => m[1]!,
    );
    expect(examples.length).toBeGreaterThan(2);
    for (const status of examples) expect(stateAfter(status), status).toBe('failed');
    expect(statuses).toContain('any other is `unexpected`');
    expect(stateAfter('PAUSED')).toBe('unexpected');

    const [silent, becomes] = row('a run that ended without responding');
    // The row about a run that never responds does not also claim failed runs stay waiting.
    expect(silent).not.toMatch(/fail/);
    expect(becomes).toMatch(/stays `waiting`/);
    expect(stateAfter('WAITING')).toBe('waiting');
    // No sentence anywhere says a failed run stays waiting.
    for (const line of doc.split('\n').filter((l) => /fail/i.test(l))) {
      expect(line).not.toMatch(/fail[^|]*\|[^|]*stays `waiting`/i);
    }
  });
});
