import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { MAX_PATTERN_CHECK_STEPS, MAX_PATTERN_STEPS } from '../../src/shared/limits.ts';
import { parseExportFile } from '../../src/shared/models/exportFile.ts';
import { patternSizeEstimate } from '../../src/shared/models/patternSize.ts';
import { fieldValueProblem, PresetFields } from '../../src/shared/models/presetFields.ts';
import { describeZodError } from '../../src/shared/validation.ts';
import { costlyField, CRAFTED_PATTERN, stepsOf, workOf } from '../support/patternWork.ts';

const catalog = (fields: object[][]) =>
  JSON.stringify({
    format: 'robot-tray-export',
    version: 1,
    exportedAt: 1,
    robots: [
      {
        name: 'Crafted',
        baseUrl: 'https://robots.example.com',
        presets: fields.map((list, i) => ({ name: `p${i}`, fields: list })),
      },
    ],
  });

afterEach(() => vi.restoreAllMocks());

describe('what a field pattern may cost', () => {
  test('a short pattern that repeats too much is refused without being compiled, naming the size', () => {
    const field = { name: 'code', type: 'text', pattern: CRAFTED_PATTERN, default: 'a'.repeat(10_000) };
    let result: ReturnType<typeof PresetFields.safeParse> | undefined;
    const work = workOf(() => (result = PresetFields.safeParse([field])));
    expect(describeZodError(result!.error!, 'fields', 'fields')).toMatch(
      /^fields\[0\]\.pattern: is too large to check quickly: it compiles to about 19,988 steps per character checked, and Robot Tray allows 3,000\. Repeat less/,
    );
    expect(work).toEqual({ compiled: 0, compiles: 0, matched: 0 });
  });

  test('a pattern just over the size is refused by its compiled size', () => {
    const pattern = '^.{0,1000}.{0,500}$';
    const size = RE2JS.compile(pattern).programSize();
    const result = PresetFields.safeParse([{ name: 'code', type: 'text', pattern }]);
    expect(describeZodError(result.error!, 'fields', 'fields')).toContain(
      `compiles to ${size.toLocaleString('en-US')} steps per character`,
    );
    expect(PresetFields.safeParse([{ name: 'code', type: 'text', pattern: '^.{0,1000}$' }]).success).toBe(
      true,
    );
  });

  test('the size is estimated from the text, never far below what RE2 compiles', () => {
    const atom = fc.constantFrom(
      'a',
      '.',
      '\\d',
      '[a-z]',
      '[^]x]',
      '\\pL',
      '\\p{Greek}',
      '(?i)',
      '\\Qa{9}\\E',
      'x{2}',
    );
    const pattern: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        atom,
        fc.array(tie('node'), { minLength: 2, maxLength: 4 }).map((xs) => xs.join('')),
        fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((xs) => xs.join('|')),
        fc
          .tuple(
            tie('node'),
            fc.constantFrom('(', '(?:', '(?P<n>'),
            fc.constantFrom('*', '+?', '{3}', '{2,40}', '{9,}', ''),
          )
          .map(([x, open, repeat]) => `${open}${x})${repeat}`),
      ),
    })).node;
    fc.assert(
      fc.property(pattern, (source) => {
        let size: number;
        try {
          size = RE2JS.compile(source).programSize();
        } catch {
          return;
        }
        expect(patternSizeEstimate(source)).toBeGreaterThanOrEqual(size * 0.7);
      }),
      { numRuns: 400 },
    );
  });

  test('a value too long for its pattern to check is refused by its length, before any matching', () => {
    const [field] = PresetFields.parse([{ name: 'code', type: 'text', pattern: '(a*){700}' }]);
    let problem: string | undefined;
    const work = workOf(() => (problem = fieldValueProblem(field!, 'a'.repeat(10_000))));
    const most = Math.floor(MAX_PATTERN_CHECK_STEPS / RE2JS.compile('(a*){700}').programSize());
    expect(problem).toBe(
      `must be at most ${most} characters for this field's pattern to check it, got 10,000`,
    );
    expect(work.matched).toBe(0);
    expect(fieldValueProblem(field!, 'a'.repeat(most))).toBeUndefined();
  });

  test('all the patterns of one file cost at most MAX_PATTERN_STEPS, counted in the work RE2 does', () => {
    // Forty fields, each allowed alone (a large pattern, the longest default it may check), in twenty presets.
    const presets = Array.from({ length: 20 }, (_, p) => [costlyField(2 * p), costlyField(2 * p + 1)]);
    let parsed: ReturnType<typeof parseExportFile> | undefined;
    const work = workOf(() => (parsed = parseExportFile(catalog(presets))));
    expect(parsed).toMatchObject({
      problem: expect.stringMatching(
        /presets\[\d+\]\.fields\[\d\]\.(pattern|default): cannot be checked: the patterns of this preset \(or of the file it is in\) take more work together than Robot Tray allows \(1,500,000 steps\)/,
      ),
    });
    expect(stepsOf(work)).toBeLessThanOrEqual(MAX_PATTERN_STEPS);
  });

  test("a file's patterns are checked once: reading the same version again compiles and matches nothing", () => {
    const text = catalog([
      [
        { name: 'customer', type: 'text', pattern: '^C[0-9]{1,12}$', default: 'C42' },
        { name: 'order', type: 'text', pattern: '^[A-Z]{2}-\\d{4,9}$', default: 'AB-12345' },
      ],
    ]);
    const first = workOf(() => expect(parseExportFile(text)).toHaveProperty('file'));
    expect(first.compiles).toBe(2);
    const again = workOf(() => expect(parseExportFile(text)).toHaveProperty('file'));
    expect(again).toEqual({ compiled: 0, compiles: 0, matched: 0 });
  });
});
