import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { FIRST_LOOK_ROWS, firstLook } from '../../src/renderer/src/features/json/model/firstLook.ts';
import { buildIndex, IndexBuilder } from '../../src/renderer/src/features/json/model/indexBuilder.ts';
import {
  isContainer,
  JsonSyntaxError,
  keyOf,
  NodeKind,
  valueOf,
  type JsonIndex,
} from '../../src/renderer/src/features/json/model/jsonIndex.ts';
import {
  expandToDepth,
  readingDepth,
  toggled,
  visibleRows,
} from '../../src/renderer/src/features/json/model/visibleRows.ts';

/**
 * The viewer indexes a response a slice at a time as it reaches the worker,
 * and the window reads the start of it itself: whatever the slices, the
 * table must be the one the whole text gives, and any text that is not JSON
 * must be refused with where, never thrown out of the worker.
 */

/** The text in slices cut at `cuts` (positions, any order, any repeats). */
function slicesOf(text: string, cuts: number[]): string[] {
  const at = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const cut of at) {
    out.push(text.slice(from, cut));
    from = cut;
  }
  out.push(text.slice(from));
  return out;
}

function inSlices(text: string, cuts: number[]): JsonIndex {
  const builder = new IndexBuilder();
  for (const slice of slicesOf(text, cuts)) builder.push(slice);
  return builder.finish();
}

function table(index: JsonIndex, count = index.count) {
  const columns = ['kind', 'depth', 'parent', 'end', 'childCount', 'position'] as const;
  const spans = ['keyStart', 'keyEnd', 'valueStart', 'valueEnd'] as const;
  return Array.from({ length: count }, (_, n) => [
    ...columns.map((c) => index[c][n]),
    ...spans.map((c) => index[c][n]),
  ]);
}

/** The value a node stands for, its numbers as JSON.parse reads them. */
function valueAt(index: JsonIndex, text: string, node: number): unknown {
  if (!isContainer(index, node)) {
    const raw = valueOf(index, text, node);
    const kind = index.kind[node];
    if (kind === NodeKind.number) return Number(raw);
    if (kind === NodeKind.boolean) return raw === 'true';
    return kind === NodeKind.null ? null : raw;
  }
  const children: number[] = [];
  for (let c = node + 1; c < index.end[node]!; c = index.end[c]!) children.push(c);
  if (index.kind[node] === NodeKind.array) return children.map((c) => valueAt(index, text, c));
  const out: Record<string, unknown> = {};
  for (const c of children) {
    Object.defineProperty(out, keyOf(index, text, c) as string, {
      value: valueAt(index, text, c),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** JSON texts, spaced out at random so white space lands on slice edges too. */
const jsonText = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 1, '\t', ' \r\n '))
  .map(([value, space]) => JSON.stringify(value, null, space));
const cuts = fc.array(fc.nat(), { maxLength: 12 });

describe('indexing JSON text a slice at a time', () => {
  test('gives the table of the whole text, and the tree JSON.parse reads, however the text is cut', () => {
    fc.assert(
      fc.property(jsonText, cuts, (text, at) => {
        const whole = buildIndex(text);
        expect(table(inSlices(text, at))).toEqual(table(whole));
        expect(valueAt(whole, text, 0)).toEqual(JSON.parse(text));
      }),
      { numRuns: 400 },
    );
  });

  test('keeps numbers and keys exactly as written, in the order written, when a slice ends inside them', () => {
    const text =
      '{"b":2e308,"2":12345678901234567890,"a":-0.1000000000000000055511151231257827,"1":"\\u00e9t\\u00e9"}';
    for (let cut = 1; cut < text.length; cut++) {
      const index = inSlices(text, [cut]);
      const entries = [1, 2, 3, 4].map((n) => [keyOf(index, text, n), valueOf(index, text, n)]);
      expect(entries).toEqual([
        ['b', '2e308'],
        ['2', '12345678901234567890'],
        ['a', '-0.1000000000000000055511151231257827'],
        ['1', 'été'],
      ]);
    }
  });

  test('any start of a JSON text gives the first nodes of the whole, numbered as the whole numbers them', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), cuts, (text, cut, at) => {
        const whole = buildIndex(text);
        const start = text.slice(0, cut % (text.length + 1));
        const builder = new IndexBuilder();
        for (const slice of slicesOf(start, at)) builder.push(slice);
        expect(builder.failed).toBe(false);
        const seen = builder.snapshot();
        expect(seen.count).toBeLessThanOrEqual(whole.count);
        for (let n = 0; n < seen.count; n++) {
          expect([seen.kind[n], seen.parent[n], seen.depth[n], seen.keyStart[n], seen.valueStart[n]]).toEqual(
            [whole.kind[n], whole.parent[n], whole.depth[n], whole.keyStart[n], whole.valueStart[n]],
          );
          if (seen.childCount[n] === -1) {
            // Still open at the cut: a container whose end is not in the start.
            expect(isContainer(whole, n)).toBe(true);
            expect(whole.valueEnd[n]).toBeGreaterThan(start.length);
          } else {
            expect([seen.valueEnd[n], seen.end[n], seen.childCount[n]]).toEqual([
              whole.valueEnd[n],
              whole.end[n],
              whole.childCount[n],
            ]);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  /** Text near JSON: JSON with a character dropped, doubled or replaced, cut short, or anything at all. */
  const nearJson = fc.oneof(
    fc
      .tuple(
        jsonText,
        fc.nat(),
        fc.constantFrom('', ',', '"', '\\', '}', ']', '{', '[', ':', '-', 'e', '\u0001', 'tru'),
      )
      .map(([text, at, put]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + put + text.slice(i + 1);
      }),
    fc.tuple(jsonText, fc.nat()).map(([text, at]) => text.slice(0, at % (text.length + 1))),
    fc.string({ unit: fc.constantFrom(...'{}[]",:0123456789-+.eEtrufalsn \\u'.split('')), maxLength: 30 }),
    fc.string(),
  );

  test('accepts exactly the texts JSON.parse accepts, refusing the rest with a position and never throwing anything else', () => {
    fc.assert(
      fc.property(nearJson, cuts, (text, at) => {
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        const builder = new IndexBuilder();
        // Slices never throw: a fault waits for finish, where the whole text gives its line and column.
        for (const slice of slicesOf(text, at)) builder.push(slice);
        let fault: unknown;
        try {
          builder.finish();
        } catch (error) {
          fault = error;
        }
        expect(fault === undefined).toBe(parsed);
        if (fault !== undefined) {
          expect(fault).toBeInstanceOf(JsonSyntaxError);
          const { position, message } = fault as JsonSyntaxError;
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThanOrEqual(text.length);
          // The same fault, however the text was cut.
          expect(() => buildIndex(text)).toThrow(message);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test('a fault in one slice is reported at its place in the whole text', () => {
    const builder = new IndexBuilder();
    builder.push('{"a": [1, 2],\n');
    builder.push(' "b": tru');
    expect(builder.failed).toBe(false);
    builder.push('x}');
    expect(builder.failed).toBe(true);
    expect(() => builder.finish()).toThrow(
      'Not valid JSON at line 2, column 7: expected a value, found "trux}"',
    );
  });
});

describe('the first look the window takes itself', () => {
  const records = JSON.stringify({
    head: { count: 3000 },
    records: Array.from({ length: 3000 }, (_, i) => ({ id: i, name: `record ${i}` })),
    tail: true,
  });

  test('shows the start of a long text with its open containers marked as still being read', () => {
    const look = firstLook(records, 2, 1000);
    if ('failed' in look) throw new Error(look.failed);
    expect(look.partial).toBe(true);
    const { index } = look;
    expect(index.childCount[0]).toBe(-1);
    const keys = [...look.initial.rows].map((n) => keyOf(index, records, n));
    expect(keys.slice(0, 6)).toEqual([0, 'head', 'count', 'records', 0, 1]);
    expect(keys).not.toContain('tail');
    const whole = buildIndex(records);
    expect(table(index).slice(1, 3)).toEqual(table(whole, 3).slice(1));
  });

  test('reads a short text whole, and reports a fault in the start of a long one at once', () => {
    const short = firstLook('{"a":[1,2]}', 1);
    expect('failed' in short ? short.failed : short.partial).toBe(false);
    const bad = firstLook(`{"a":1,}${' '.repeat(5000)}`, 1, 1000);
    expect(bad).toEqual({
      failed: expect.stringContaining('line 1, column 8: expected a key in double quotes'),
    });
    expect(firstLook('[1, 2', 1)).toEqual({ failed: expect.stringContaining('expected "," or "]"') });
  });

  test('a reading row goes under the deepest container shown open that is still being read', () => {
    const look = firstLook(records, 2, 1000);
    if ('failed' in look) throw new Error(look.failed);
    const { index } = look;
    const recordsNode = 3;
    expect(keyOf(index, records, recordsNode)).toBe('records');
    expect(readingDepth(index, look.initial.expanded)).toBe(2);
    expect(readingDepth(index, toggled(look.initial.expanded, recordsNode))).toBe(1);
    expect(readingDepth(index, expandToDepth(index, 0))).toBe(-1);
    expect(readingDepth(buildIndex(records), expandToDepth(buildIndex(records), 2))).toBe(-1);
  });

  test('reads no further than its first screen needs: a closed container at the cut, or a screenful of rows', () => {
    // Depth 1: the root open, "records" closed; the cut lies inside it, so reading on adds no row.
    const closedAtCut = firstLook(records, 1, 16_000, 1_000);
    if ('failed' in closedAtCut) throw new Error(closedAtCut.failed);
    expect(closedAtCut.index.valueEnd[0]).toBeLessThanOrEqual(1_000);
    expect([...closedAtCut.initial.rows].map((n) => keyOf(closedAtCut.index, records, n))).toEqual([
      0,
      'head',
      'records',
    ]);
    // Depth 3: every record open, a few rows each; it stops once a screen is full, short of 16,000.
    const full = firstLook(records, 3, 16_000, 1_000);
    if ('failed' in full) throw new Error(full.failed);
    expect(full.initial.rows.length).toBeGreaterThanOrEqual(FIRST_LOOK_ROWS);
    expect(full.index.valueEnd[0]).toBeLessThan(16_000 - 1_000);
    // The rows it shows are the whole document's first rows.
    const whole = buildIndex(records);
    const wholeRows = visibleRows(whole, expandToDepth(whole, 3));
    const shown = full.initial.rows.length;
    expect([...full.initial.rows]).toEqual([...wholeRows.slice(0, shown)]);
  });
});
