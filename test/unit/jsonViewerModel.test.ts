import { describe, expect, test } from 'vitest';
import { buildIndex, IndexBuilder } from '../../src/renderer/src/features/json/model/indexBuilder.ts';
import {
  JsonSyntaxError,
  keyOf,
  NodeKind,
  valueOf,
} from '../../src/renderer/src/features/json/model/jsonIndex.ts';
import {
  javascriptPath,
  jsonPath,
  jsonPathQuote,
  pathOf,
} from '../../src/renderer/src/features/json/model/jsonPath.ts';
import { prettyText } from '../../src/renderer/src/features/json/model/prettyText.ts';
import {
  groupThousands,
  MAX_SCROLL_PX,
  rowWindow,
  scrollTopFor,
} from '../../src/renderer/src/features/json/model/rowWindow.ts';
import { searchIndex } from '../../src/renderer/src/features/json/model/search.ts';
import {
  expandAll,
  expandToDepth,
  rowOf,
  toggled,
  visibleRows,
  withAncestorsExpanded,
} from '../../src/renderer/src/features/json/model/visibleRows.ts';

const sample =
  '{"a":{"b":[1,2,{"c":null}]},"a.b":"x\\u0041","big":12345678901234567890123,"__proto__":{"p":true},"e":[],"f":{}}';

function describeNodes(text: string): string[] {
  const index = buildIndex(text);
  const out: string[] = [];
  for (let n = 0; n < index.count; n++) {
    const key = keyOf(index, text, n);
    out.push(
      `${'  '.repeat(index.depth[n]!)}${String(key)}=${valueOf(index, text, n)}#${index.childCount[n]}`,
    );
  }
  return out;
}

describe('the JSON index', () => {
  test('lists every node in document order with its key, exact value and child count', () => {
    const text = '{"a": [1, true], "b\\n": {"c": "d\\"e"}, "n": null}';
    expect(describeNodes(text)).toEqual([
      `0=${text}#3`,
      '  a=[1, true]#2',
      '    0=1#0',
      '    1=true#0',
      '  b\n={"c": "d\\"e"}#1',
      '    c=d"e#0',
      '  n=null#0',
    ]);
  });

  test('keeps numbers past 2^53 and odd keys exactly as written', () => {
    const index = buildIndex(sample);
    const big = [...Array(index.count).keys()].find((n) => keyOf(index, sample, n) === 'big')!;
    expect(valueOf(index, sample, big)).toBe('12345678901234567890123');
    expect(index.kind[big]).toBe(NodeKind.number);
    const proto = [...Array(index.count).keys()].find((n) => keyOf(index, sample, n) === '__proto__')!;
    expect(index.childCount[proto]).toBe(1);
    expect(valueOf(index, sample, proto)).toBe('{"p":true}');
  });

  test('parses 100,000 levels of nesting without overflowing the stack', () => {
    const depth = 100_000;
    const index = buildIndex('['.repeat(depth) + ']'.repeat(depth));
    expect(index.count).toBe(depth);
    expect(index.depth[depth - 1]).toBe(depth - 1);
    expect(index.end[0]).toBe(depth);
  });

  test.each([
    ['{"a":1,}', 'line 1, column 8: expected a key in double quotes'],
    ['[1 2]', 'expected "," or "]"'],
    ['{"a" 1}', 'expected ":" after the key'],
    ['"abc', 'expected a closing quote'],
    ['[01]', 'expected "," or "]"'],
    ['{"a":1}\n x', 'line 2, column 2: expected the end of the text'],
    ['"\\x"', 'expected a valid escape'],
    ['', 'expected a value, found the end of the text'],
  ])('refuses %j, saying where and what was expected', (text, message) => {
    expect(() => buildIndex(text)).toThrow(JsonSyntaxError);
    expect(() => buildIndex(text)).toThrow(message);
  });
});

describe('the preview of a large document', () => {
  test('numbers its nodes as the whole will and marks open containers as still being read', () => {
    const text = JSON.stringify({ head: 1, list: Array.from({ length: 1000 }, (_, i) => ({ i })) });
    const whole = buildIndex(text);
    const builder = new IndexBuilder();
    builder.push(text.slice(0, 100));
    const preview = builder.snapshot();
    expect(preview.count).toBeGreaterThan(3);
    expect(preview.count).toBeLessThan(whole.count / 10);
    for (let n = 0; n < preview.count; n++) {
      expect([keyOf(preview, text, n), preview.depth[n], preview.parent[n]]).toEqual([
        keyOf(whole, text, n),
        whole.depth[n],
        whole.parent[n],
      ]);
    }
    expect(preview.childCount[0]).toBe(-1);
    expect(preview.end[0]).toBe(preview.count);
    expect(visibleRows(preview, expandAll(preview)).length).toBe(preview.count);
    const bad = new IndexBuilder();
    bad.push('[1, oops');
    expect(bad.failed).toBe(true);
  });
});

describe('visible rows', () => {
  test('skip the subtree of a collapsed container and show it again when opened', () => {
    const index = buildIndex(sample);
    const collapsed = expandToDepth(index, 1);
    const rows = visibleRows(index, collapsed);
    expect([...rows].map((n) => keyOf(index, sample, n))).toEqual([
      0,
      'a',
      'a.b',
      'big',
      '__proto__',
      'e',
      'f',
    ]);
    const a = rows[1]!;
    const opened = visibleRows(index, toggled(collapsed, a));
    expect([...opened].map((n) => keyOf(index, sample, n))).toEqual([
      0,
      'a',
      'b',
      'a.b',
      'big',
      '__proto__',
      'e',
      'f',
    ]);
    expect(visibleRows(index, expandAll(index)).length).toBe(index.count);
    expect([...visibleRows(index, expandToDepth(index, 0))]).toEqual([0]);
  });

  test('revealing a deep node opens its ancestors only', () => {
    const index = buildIndex(sample);
    const c = [...Array(index.count).keys()].find((n) => keyOf(index, sample, n) === 'c')!;
    const closed = expandToDepth(index, 0);
    expect(rowOf(visibleRows(index, closed), c)).toBe(-1);
    const rows = visibleRows(index, withAncestorsExpanded(index, closed, c));
    expect(rowOf(rows, c)).toBe(6);
    expect(rows.length).toBe(12); // "__proto__" stays closed: its "p" is hidden
  });
});

describe('paths', () => {
  test('quote odd keys in the JavaScript and JSONPath forms', () => {
    const segments = ['items', 0, 'a.b', '0', '__proto__', "it's", 'x"y', 'tab\there', 'ünï', '$ok', '_x1'];
    expect(javascriptPath(segments)).toBe(
      'data.items[0]["a.b"]["0"]["__proto__"]["it\'s"]["x\\"y"]["tab\\there"]["ünï"].$ok._x1',
    );
    expect(jsonPath(segments)).toBe(
      "$.items[0]['a.b']['0'].__proto__['it\\'s']['x\"y']['tab\\there']['ünï']['$ok']._x1",
    );
    expect(jsonPathQuote('\u0001\\')).toBe("'\\u0001\\\\'");
  });

  test('of a node, from the root, with decoded keys', () => {
    const index = buildIndex(sample);
    const c = [...Array(index.count).keys()].find((n) => keyOf(index, sample, n) === 'c')!;
    expect(pathOf(index, sample, c)).toEqual(['a', 'b', 2, 'c']);
    expect(pathOf(index, sample, 0)).toEqual([]);
  });
});

describe('search', () => {
  test('finds keys and values ignoring case, escapes decoded, in document order', () => {
    const index = buildIndex(sample);
    const keys = (q: string) => [...searchIndex(index, sample, q)].map((n) => keyOf(index, sample, n));
    expect(keys('A')).toEqual(['a', 'a.b']);
    expect(keys('xa')).toEqual(['a.b']);
    expect(keys('4567890123')).toEqual(['big']);
    expect(keys('null')).toEqual(['c']);
    expect(keys('proto')).toEqual(['__proto__']);
    expect(keys('')).toEqual([]);
    expect(keys('zzz')).toEqual([]);
  });
});

describe('the pretty text', () => {
  test('re-indents while keeping every token as written', () => {
    const text = '{"a":[1,{"b":1e400}],"c\\u0041":{},"d":[]}';
    const pretty = prettyText(buildIndex(text), text);
    expect(pretty.text).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": 1e400\n    }\n  ],\n  "c\\u0041": {},\n  "d": []\n}',
    );
    const lines = pretty.text.split('\n');
    expect([...pretty.lineStarts].map((start) => pretty.text.slice(start).split('\n')[0])).toEqual(lines);
  });
});

describe('the row window', () => {
  test('draws the rows in view plus overscan, positioned where they belong', () => {
    const w = rowWindow(1000, 20, 100, 400, 2);
    expect([w.first, w.end, w.totalPx]).toEqual([18, 27, 20_000]);
    expect(w.topOf(20)).toBe(400);
    expect(rowWindow(3, 20, 100, 0, 8)).toMatchObject({ first: 0, end: 3, totalPx: 60 });
  });

  test('maps the scrollbar proportionally past the height a browser allows, reaching the last row', () => {
    const count = 3_000_000;
    const view = 440;
    const bottom = MAX_SCROLL_PX - view;
    const w = rowWindow(count, 22, view, bottom, 0);
    expect(w.totalPx).toBe(MAX_SCROLL_PX);
    expect(w.end).toBe(count);
    expect(w.topOf(count - 1) + 22).toBeCloseTo(bottom + view, 6);
    const middle = rowWindow(count, 22, view, bottom / 2, 0);
    expect(Math.abs(middle.first - count / 2)).toBeLessThan(20);
  });

  test('scrolls only as far as needed to show a row', () => {
    expect(scrollTopFor(10, 1000, 20, 100, 0)).toBe(120);
    expect(scrollTopFor(2, 1000, 20, 100, 0)).toBeNull();
    expect(scrollTopFor(2, 1000, 20, 100, 300)).toBe(40);
    const far = scrollTopFor(2_999_999, 3_000_000, 22, 440, 0)!;
    expect(rowWindow(3_000_000, 22, 440, far, 0).end).toBe(3_000_000);
  });

  test('groups thousands without Intl', () => {
    expect([groupThousands(0), groupThousands(999), groupThousands(1000), groupThousands(1234567)]).toEqual([
      '0',
      '999',
      '1,000',
      '1,234,567',
    ]);
  });
});
