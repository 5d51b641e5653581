import { describe, expect, test } from 'vitest';
import { containsSecret, redactJson, redactSecret } from '../../src/core/http/redact.ts';

/**
 * A service may echo the token back escaped or encoded: JSON escapes, percent
 * encoding, base64. Each form must be masked whole, or a person reading an
 * error or a stored answer could still read the token. Every test uses its own
 * token, so what is checked is the pattern built for that token.
 */

describe('JSON-escaped tokens', () => {
  test('every character as a \\u escape, in either hex case, is masked', () => {
    // "jab" is \u006a \u0061 \u0062: the hex digits a and b appear in both cases below.
    expect(redactSecret('echo \\u006a\\u0061\\u0062 end', 'jab')).toBe('echo [redacted] end');
    expect(redactSecret('echo \\u006A\\u0061\\u0062 end', 'jab')).toBe('echo [redacted] end');
    expect(redactSecret('echo j\\u0061b end', 'jab')).toBe('echo [redacted] end');
  });

  test('a slash as \\/, a quote as \\" and a backslash as \\\\ are masked', () => {
    expect(redactSecret('{"t":"s\\/k"}', 's/k')).toBe('{"t":"[redacted]"}');
    expect(redactSecret('{"t":"q\\"k"}', 'q"k')).toBe('{"t":"[redacted]"}');
    expect(redactSecret('{"t":"b\\\\k"}', 'b\\k')).toBe('{"t":"[redacted]"}');
    expect(redactSecret('{"t":"bk\\\\"}', 'bk\\')).toBe('{"t":"[redacted]"}');
    // The same token written plainly is masked too.
    expect(redactSecret('s/k and q"k and b\\k', 's/k')).toBe('[redacted] and q"k and b\\k');
  });
});

describe('percent-encoded tokens', () => {
  test('each character as %hh, in either hex case, is masked', () => {
    expect(redactSecret('?t=%70%6a%7a', 'pjz')).toBe('?t=[redacted]');
    expect(redactSecret('?t=%70%6A%7A', 'pjz')).toBe('?t=[redacted]');
    expect(redactSecret('?t=p%6Az', 'pjz')).toBe('?t=[redacted]');
  });

  test('a space as + (form encoding) or %20 is masked', () => {
    expect(redactSecret('t=sp+ace&x=1', 'sp ace')).toBe('t=[redacted]&x=1');
    expect(redactSecret('t=sp%20ace&x=1', 'sp ace')).toBe('t=[redacted]&x=1');
  });
});

describe('base64 tokens (a service echoing a Basic header or an encoded blob)', () => {
  // One test per token: the pattern is built once per token, so each form is checked by the same test.
  test('standard and URL-safe, with, without or with part of the padding, are all masked', () => {
    // "k>?~" is az4/fg== in standard base64 and az4_fg== in the URL-safe alphabet.
    for (const form of ['az4/fg==', 'az4/fg', 'az4/fg=', 'az4_fg==', 'az4_fg']) {
      expect(redactSecret(`auth ${form} end`, 'k>?~')).toBe('auth [redacted] end');
    }
  });

  test('a "+" in standard base64 becomes "-" in the URL-safe alphabet; both are masked', () => {
    // "a?>>b" is YT8+PmI= / YT8-PmI=.
    expect(redactSecret('x YT8+PmI= y', 'a?>>b')).toBe('x [redacted] y');
    expect(redactSecret('x YT8-PmI y', 'a?>>b')).toBe('x [redacted] y');
  });

  test('a token without base64 padding is masked as is', () => {
    // "tok-12" is dG9rLTEy, no padding.
    expect(redactSecret('b=dG9rLTEy;', 'tok-12')).toBe('b=[redacted];');
  });
});

describe('text that only looks like an encoding stays readable', () => {
  test('escapes and encodings of other characters are not the token', () => {
    const token = 'ab';
    for (const text of [
      '\\/\\/',
      'a+b',
      '++',
      '\\"\\"',
      '\\\\\\\\',
      '\\a\\b',
      '%41%42',
      'ab'.toUpperCase(),
    ]) {
      expect(redactSecret(text, token)).toBe(text);
    }
  });

  test('a non-ASCII character is not read from a one-byte percent escape', () => {
    // é percent-encodes as %C3%A9 in UTF-8; %E9 (Latin-1) is some other text.
    expect(redactSecret('caf%E9', 'café')).toBe('caf%E9');
    expect(redactSecret('caf\\u00e9 café', 'café')).toBe('[redacted] [redacted]');
  });
});

describe('containsSecret: whether a text holds the token in any form', () => {
  test('true for each form, false for other text or without a token', () => {
    expect(containsSecret('x=sec%2Fret', 'sec/ret')).toBe(true);
    expect(containsSecret('x=c2VjL3JldA', 'sec/ret')).toBe(true);
    expect(containsSecret('x=secret', 'sec/ret')).toBe(false);
    expect(containsSecret('sec/ret', undefined)).toBe(false);
    expect(containsSecret('sec/ret', '')).toBe(false);
  });

  test('asked twice in a row, the answer is the same (no state left between calls)', () => {
    expect(containsSecret('one sec/ret', 'sec/ret')).toBe(true);
    expect(containsSecret('two sec/ret', 'sec/ret')).toBe(true);
  });
});

describe('many tokens in one process', () => {
  test('each is still masked after many others were seen', () => {
    const tokens = Array.from({ length: 70 }, (_, i) => `many-${i}-tok`);
    for (const token of tokens) expect(redactSecret(`t ${token}`, token)).toBe('t [redacted]');
    for (const token of tokens) expect(redactJson({ e: token }, token)).toEqual({ e: '[redacted]' });
  });
});
