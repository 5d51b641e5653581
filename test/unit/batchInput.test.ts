import { describe, expect, test } from 'vitest';
import { readRows } from '../../src/core/batch/batchInput.ts';

/** The rows of a batch as spreadsheets and scripts write them. */
describe('batch rows', () => {
  test("a spreadsheet's CSV: BOM, ';' separators, quoted cells with ';', quotes and line breaks", () => {
    const text = '\uFEFFcustomer;note\r\nC-1;"one; two"\r\nC-2;"said ""hi""\nover two lines"\r\n';
    expect(readRows(text)).toEqual({
      columns: ['customer', 'note'],
      rows: [
        { customer: 'C-1', note: 'one; two' },
        { customer: 'C-2', note: 'said "hi"\nover two lines' },
      ],
    });
  });

  test('commas and tabs are found from the header; a comma inside quotes in the header does not count', () => {
    expect(readRows('"a,b";c\n1;2\n').columns).toEqual(['a,b', 'c']);
    expect(readRows('a\tb\n1\t2\n').rows).toEqual([{ a: '1', b: '2' }]);
    expect(readRows('a,b\n1,"x;y"\n').rows).toEqual([{ a: '1', b: 'x;y' }]);
  });

  test('JSON Lines keep their types; blank lines are skipped; the columns are every key seen', () => {
    expect(readRows('{"a": 1}\n\n{"b": [true]}\n')).toEqual({
      columns: ['a', 'b'],
      rows: [{ a: 1 }, { b: [true] }],
    });
  });

  test('broken input says where and what', () => {
    expect(() => readRows('a,b\n1,2,3\n')).toThrow(/not readable CSV/);
    expect(() => readRows('a,a\n1,2\n')).toThrow(/names column "a" twice/);
    expect(() => readRows('{"a":1}\n[1]\n')).toThrow(/Line 2 of the rows is not a JSON object/);
    expect(() => readRows('{"a":1}\n{oops\n')).toThrow(/Line 2 of the rows is not JSON/);
    expect(() => readRows('a,b\n')).toThrow(/hold no row/);
  });
});
