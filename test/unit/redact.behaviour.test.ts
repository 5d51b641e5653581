import { describe, expect, test } from 'vitest';
import { excerpt, redactJson, redactSecret } from '../../src/core/http/redact.ts';

/**
 * A token must never reach a log, an error or a file. These check what a
 * person sees after redaction, character for character, so a half-masked
 * token or a vanished mask shows up as a failure.
 */

describe('redactSecret: the robot token', () => {
  test('every occurrence becomes a visible [redacted] marker, the rest of the text stays', () => {
    expect(redactSecret('token tok-123 refused; tok-123 again', 'tok-123')).toBe(
      'token [redacted] refused; [redacted] again',
    );
  });

  test('without a token (none stored, or empty) the text is unchanged', () => {
    expect(redactSecret('plain answer', undefined)).toBe('plain answer');
    expect(redactSecret('plain answer', '')).toBe('plain answer');
  });
});

describe('several tokens: the one a call was fired with and the one set since', () => {
  test('each is masked, in text and in parsed JSON, a token inside another included', () => {
    expect(redactSecret('old tok-123 new tok-123456', ['tok-123', 'tok-123456'])).toBe(
      'old [redacted] new [redacted]',
    );
    expect(redactJson({ a: 'tok-123', b: ['x tok-123456'] }, ['tok-123', 'tok-123456'])).toEqual({
      a: '[redacted]',
      b: ['x [redacted]'],
    });
    expect(redactSecret('plain', [])).toBe('plain');
  });
});

describe('redactSecret: any x-service-token header the text carries, whatever the token', () => {
  test.each([
    ['x-service-token: abcdef', 'x-service-token: [redacted]'],
    ['x-service-token:abcdef', 'x-service-token:[redacted]'],
    ['X-Service-Token: abcdef', 'X-Service-Token: [redacted]'],
    ['x-service-token   :   abcdef', 'x-service-token   :   [redacted]'],
    ['x-service-token=abcdef', 'x-service-token=[redacted]'],
    ['x-service-token = abcdef', 'x-service-token = [redacted]'],
    ['{"x-service-token":"abcdef","b":1}', '{"x-service-token":"[redacted]","b":1}'],
    ['{"x-service-token": "abcdef"}', '{"x-service-token": "[redacted]"}'],
    ["{'x-service-token': 'abcdef'}", "{'x-service-token': '[redacted]'}"],
    ['{x-service-token: abcdef}', '{x-service-token: [redacted]}'],
    ['x-service-token: abcdef next', 'x-service-token: [redacted] next'],
    ['x-service-token: abcdef,next', 'x-service-token: [redacted],next'],
    ['x-service-token: abcdef\nnext', 'x-service-token: [redacted]\nnext'],
    ['x-service-token:\tabcdef', 'x-service-token:\t[redacted]'],
  ])('%j', (text, shown) => {
    expect(redactSecret(text, undefined)).toBe(shown);
    expect(redactSecret(text, 'some-other-token')).toBe(shown);
  });

  test('every header in the text, not just the first', () => {
    expect(redactSecret('x-service-token: a1 and x-service-token: b2', undefined)).toBe(
      'x-service-token: [redacted] and x-service-token: [redacted]',
    );
  });

  test('the robot token and a foreign header together', () => {
    expect(redactSecret('tok-9 / x-service-token: other', 'tok-9')).toBe(
      '[redacted] / x-service-token: [redacted]',
    );
  });

  test('text that only mentions the header name keeps its words', () => {
    expect(redactSecret('send the x-service-token header', undefined)).toBe(
      'send the x-service-token header',
    );
    expect(redactSecret('x-service-token missing', undefined)).toBe('x-service-token missing');
  });
});

describe('excerpt: a body on one line for an error message', () => {
  test('runs of whitespace of any kind become one space, and the ends are trimmed', () => {
    expect(excerpt('  a \n\t  b\r\n\r\nc  ')).toBe('a b c');
  });

  test('up to the limit the text is whole; past it, cut with an ellipsis', () => {
    expect(excerpt('abcde', 5)).toBe('abcde');
    expect(excerpt('abcdef', 5)).toBe('abcde…');
  });

  test('the default limit is 200 characters', () => {
    expect(excerpt('x'.repeat(200))).toBe('x'.repeat(200));
    expect(excerpt('x'.repeat(201))).toBe('x'.repeat(200) + '…');
  });

  test('the limit counts after folding, so a short text padded with blanks is not cut', () => {
    expect(excerpt('a' + ' '.repeat(50) + 'b', 5)).toBe('a b');
  });
});

describe('redactJson: a parsed answer stored as the call result', () => {
  test('the token is masked in strings at any depth and in keys; other values are kept as they are', () => {
    const answer = {
      echo: 'header was tok-7',
      ['tok-7']: 'as a key',
      nested: { list: ['tok-7', 1, true, null, { deep: 'x tok-7 y' }], n: 0, f: false, none: null },
    };
    expect(redactJson(answer, 'tok-7')).toEqual({
      echo: 'header was [redacted]',
      ['[redacted]']: 'as a key',
      nested: { list: ['[redacted]', 1, true, null, { deep: 'x [redacted] y' }], n: 0, f: false, none: null },
    });
  });

  test('scalars and lists at the top level', () => {
    expect(redactJson('tok-7', 'tok-7')).toBe('[redacted]');
    expect(redactJson(42, 'tok-7')).toBe(42);
    expect(redactJson(null, 'tok-7')).toBeNull();
    expect(redactJson(['a', 'tok-7'], 'tok-7')).toEqual(['a', '[redacted]']);
  });

  test('the original answer is not changed', () => {
    const answer = { echo: 'tok-7' };
    redactJson(answer, 'tok-7');
    expect(answer).toEqual({ echo: 'tok-7' });
  });

  test('without a token (none stored, or empty) the answer is returned as it is', () => {
    const answer = { a: 'xy', b: ['z'] };
    expect(redactJson(answer, undefined)).toBe(answer);
    expect(redactJson(answer, '')).toBe(answer);
    expect(redactJson(answer, '')).toEqual({ a: 'xy', b: ['z'] });
  });
});
