import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { diffJsonTexts } from '../../src/shared/jsonTextDiff.ts';
import { diffJson, diffTexts } from '../../src/shared/responseDiff.ts';
import { parseKeepingNumbers } from '../../src/shared/exactNumbers.ts';
import type { JsonValue } from '../../src/shared/models/json.ts';
import { HEAVY } from '../support/heavyTest.ts';

/** What reading both texts whole finds: the answer the narrowed reading must give. */
const whole = (a: string, b: string, limit = 500) =>
  diffJson(parseKeepingNumbers(a) as JsonValue, parseKeepingNumbers(b) as JsonValue, limit);

/** Some of the texts a value may be written as: compact, indented, with a number spelled otherwise. */
const spelled = (value: unknown, how: number) =>
  how === 0 ? JSON.stringify(value) : JSON.stringify(value, null, how);

describe('comparing two JSON texts by reading only where they differ', () => {
  test('gives what reading both whole gives, for any two values and any change of one', HEAVY, () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, json, fc.nat(2), fc.nat(2), fc.nat(500), (x, y, howA, howB, limit) => {
        const a = spelled(x, howA);
        const b = spelled(y, howB);
        const narrowed = diffJsonTexts(a, b, limit + 1);
        if (narrowed !== undefined) expect(narrowed).toEqual(whole(a, b, limit + 1));
      }),
      { numRuns: 3000 },
    );
  });

  test(
    'a small change inside a large document: the narrowed reading finds it, equal to the whole',
    HEAVY,
    () => {
      const records: Array<Record<string, unknown>> = Array.from({ length: 2000 }, (_, i) => ({
        i,
        name: `customer ${i}`,
        tags: ['a', i],
        n: null,
      }));
      const base = { meta: { count: records.length }, records };
      fc.assert(
        fc.property(
          fc.nat(1999),
          fc.nat(1999),
          fc.constantFrom('change', 'remove', 'add', 'null', 'number'),
          fc.nat(2),
          (i, j, how, indent) => {
            const changed = structuredClone(base);
            if (how === 'change') changed.records[i]!['name'] = 'someone else';
            if (how === 'remove') changed.records.splice(i, 1);
            if (how === 'add') changed.records.splice(i, 0, { i: -1 });
            if (how === 'null') changed.records[i]!['n'] = 0;
            if (how === 'number') changed.records[i]!['i'] = 2 ** 60;
            changed.records[j % changed.records.length]!['tags'] = ['b'];
            const a = spelled(base, indent);
            const b = spelled(changed, indent);
            // No limit short of every difference: an insertion shifts all that follow it.
            const narrowed = diffJsonTexts(a, b, 100_000);
            expect(narrowed).toBeDefined();
            expect(narrowed).toEqual(whole(a, b, 100_000));
          },
        ),
        { numRuns: 100 },
      );
    },
  );

  test('numbers keep every digit, and the same value spelled otherwise is no difference', () => {
    const a = '{"id":[1,2,12345678901234567890],"x":1.0}';
    expect(diffJsonTexts(a, '{"id":[1,2,12345678901234567891],"x":1}')).toEqual(
      whole(a, '{"id":[1,2,12345678901234567891],"x":1}'),
    );
    expect(diffTexts(a, '{"id":[1,2,12345678901234567891],"x":1}').lines).toEqual([
      { kind: 'changed', path: '$.id[2]', before: '12345678901234567890', after: '12345678901234567891' },
    ]);
  });

  test('strings with escaped quotes and brackets inside are read as strings', () => {
    const a = JSON.stringify({ list: ['a"]}', 'b\\', '[{', 'c'] });
    const b = JSON.stringify({ list: ['a"]}', 'b\\', '[{', 'd'] });
    expect(diffJsonTexts(a, b)).toEqual(whole(a, b));
    expect(diffJsonTexts(a, b)!.entries).toEqual([
      { kind: 'changed', path: '$.list[3]', before: 'c', after: 'd' },
    ]);
  });
});
