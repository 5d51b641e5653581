import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { terminalSafe } from '../../src/cli/terminalText.ts';
import { visibleText } from '../../src/shared/visibleText.ts';
import { HEAVY } from '../support/heavyTest.ts';

/**
 * Service text (names, messages, keys, values) shown by the window and the
 * CLI: characters that would act instead of showing (bidi overrides that
 * reverse the rest of a line, escape sequences, the bell) appear as their
 * \uXXXX escapes, by one rule for both.
 */
describe('service text made visible', () => {
  test('bidi overrides and isolates, escape, bell, DEL and C1 controls are written as escapes', () => {
    expect(visibleText('abc\u202Edef')).toBe('abc\\u202edef');
    expect(visibleText('\u001b[2J\u0007done')).toBe('\\u001b[2J\\u0007done');
    expect(visibleText('\u2066x\u2069 \u202Ay\u202C \u007f \u009b')).toBe(
      '\\u2066x\\u2069 \\u202ay\\u202c \\u007f \\u009b',
    );
  });

  test('ordinary text of any script is left as it is', () => {
    const plain = 'Rechnung ünïcødé ✓ 請求書 فاتورة 🤖 "quoted" \\u202e as text';
    expect(visibleText(plain)).toBe(plain);
  });

  test('newlines and tabs are escaped on one line, newlines kept where text is shown as lines', () => {
    expect(visibleText('a\nb\tc\rd')).toBe('a\\u000ab\\u0009c\\u000dd');
    expect(visibleText('a\nb\tc', { keepNewlines: true })).toBe('a\nb\\u0009c');
  });

  test('nothing that acts on a screen survives, and text without such characters is unchanged', HEAVY, () => {
    // eslint-disable-next-line no-control-regex
    const acting = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const shown = visibleText(text);
        expect(acting.test(shown)).toBe(false);
        if (!acting.test(text)) expect(shown).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  test('the CLI uses the same rule, keeping its newlines', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(terminalSafe(text)).toBe(visibleText(text, { keepNewlines: true }));
      }),
      { numRuns: 300 },
    );
  });
});
