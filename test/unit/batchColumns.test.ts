import { describe, expect, test } from 'vitest';
import { responseColumns } from '../../src/core/batch/batchColumns.ts';
import type { BatchRow } from '../../src/core/batch/batchTypes.ts';
import { MASK } from '../../src/core/echo/echoMask.ts';
import type { Call } from '../../src/shared/models/call.ts';

/** Rows whose calls answered `responses` (undefined: a row with no response). */
function columnsOf(...responses: unknown[]): string[] {
  const rows = responses.map((_, i): BatchRow => ({
    n: i + 1,
    state: 'done',
    callId: `c${i}`,
    request: {} as BatchRow['request'],
  }));
  return responseColumns(rows, (id) => ({ response: responses[Number(id.slice(1))] }) as Call);
}

describe("the columns a batch's results offer", () => {
  test('each path of the responses once, in the order first met; arrays, empty objects and deep objects whole', () => {
    expect(
      columnsOf({ invoice: { id: 'I-1', lines: [1, 2] }, ok: true, meta: {} }, undefined, {
        ok: false,
        extra: { a: { b: { c: { d: 1 } } } },
      }),
    ).toEqual([
      'response.invoice.id',
      'response.invoice.lines',
      'response.ok',
      'response.meta',
      'response.extra.a.b.c',
    ]);
    expect(columnsOf('plain text', [1])).toEqual(['response']);
  });

  test('at most 40 paths, and no name a dotted path cannot spell or the echo mask touched', () => {
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i]));
    expect(columnsOf(wide)).toHaveLength(40);
    expect(columnsOf({ 'a.b': 1, '': 2, [`x${MASK}`]: 3, fine: 4 })).toEqual(['response.fine']);
  });
});
