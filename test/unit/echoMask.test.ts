import { describe, expect, test } from 'vitest';
import { EchoMask, maskHeaderEchoes } from '../../src/core/echo/echoMask.ts';
import { excerpt } from '../../src/core/http/answerText.ts';

/**
 * A service may echo a secret back escaped or encoded: JSON escapes, percent
 * encoding, base64. Each form must be masked whole, or a person reading an
 * error or a stored answer could still read it. These check what a person
 * sees after masking, character for character, so a half-masked secret or a
 * vanished mask shows up as a failure. Every test uses its own secret.
 */

const redactSecret = (text: string, secrets: string | readonly string[] | undefined): string =>
  EchoMask.ofSecrets(typeof secrets === 'string' || secrets === undefined ? [secrets] : secrets).mask(
    text,
    'text',
  );
const redactJson = (value: unknown, secrets: string | readonly string[]): unknown =>
  JSON.parse(
    EchoMask.ofSecrets(typeof secrets === 'string' ? [secrets] : secrets).mask(JSON.stringify(value), 'json'),
  );
const containsSecret = (text: string, secret: string | undefined): boolean =>
  EchoMask.ofSecrets([secret]).contains(text);

describe('the secret as written', () => {
  test('every occurrence becomes a visible [redacted] marker, the rest of the text stays', () => {
    expect(redactSecret('token tok-123 refused; tok-123 again', 'tok-123')).toBe(
      'token [redacted] refused; [redacted] again',
    );
  });

  test('without a secret (none stored, or empty) the text is unchanged', () => {
    expect(redactSecret('plain answer', undefined)).toBe('plain answer');
    expect(redactSecret('plain answer', '')).toBe('plain answer');
    expect(EchoMask.ofSecrets([]).empty).toBe(true);
  });

  test('several secrets, one inside another, are each masked whole', () => {
    expect(redactSecret('old tok-123 new tok-123456', ['tok-123', 'tok-123456'])).toBe(
      'old [redacted] new [redacted]',
    );
    expect(redactSecret('aaaab then aaab', ['aaab'])).toBe('a[redacted] then [redacted]');
  });
});

describe('any x-service-token header a text carries, whatever the token', () => {
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
    expect(maskHeaderEchoes(text)).toBe(shown);
  });

  test('every header in the text, not just the first; the secret and a foreign header together', () => {
    expect(redactSecret('x-service-token: a1 and x-service-token: b2', undefined)).toBe(
      'x-service-token: [redacted] and x-service-token: [redacted]',
    );
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
  test('runs of whitespace of any kind become one space, the ends are trimmed, and the limit counts after folding', () => {
    expect(excerpt('  a \n\t  b\r\n\r\nc  ')).toBe('a b c');
    expect(excerpt('abcde', 5)).toBe('abcde');
    expect(excerpt('abcdef', 5)).toBe('abcde…');
    expect(excerpt('x'.repeat(200))).toBe('x'.repeat(200));
    expect(excerpt('x'.repeat(201))).toBe('x'.repeat(200) + '…');
    expect(excerpt('a' + ' '.repeat(50) + 'b', 5)).toBe('a b');
  });
});

describe('an answer masked as JSON stays JSON', () => {
  test('the secret is masked in strings at any depth and in keys; other values are kept as they are', () => {
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

  test('a secret number (a secret field given as a number) becomes the string "[redacted]", the whole number', () => {
    const mask = EchoMask.ofSecrets(['98765']);
    expect(mask.mask('{"pin":98765,"near":198765,"list":[98765]}', 'json')).toBe(
      '{"pin":"[redacted]","near":"[redacted]","list":["[redacted]"]}',
    );
    expect(mask.mask('{"pin": "98765", "other": 9876}', 'json')).toBe('{"pin": "[redacted]", "other": 9876}');
  });

  test('a short secret (under four characters) is masked only where it stands alone', () => {
    const mask = EchoMask.ofSecrets(['42']);
    expect(mask.mask('{"a":42,"b":"42","c":420,"d":"x42","e":"order 42 shipped"}', 'json')).toBe(
      '{"a":"[redacted]","b":"[redacted]","c":420,"d":"x42","e":"order [redacted] shipped"}',
    );
  });

  test('a secret holding quotes is masked even across a string boundary', () => {
    const mask = EchoMask.ofSecrets(['a","b']);
    expect(mask.mask('{"x":["a","b"]}', 'json')).toBe('{"x":["[redacted]"]}');
    // From outside a string into one, the answer is no longer JSON: refused as such, never kept with the secret.
    const broken = mask.mask('{"x":1,"a","b":2}', 'json');
    expect(broken).not.toMatch(/a","b/);
  });

  test('many secrets over many answers: each is still masked', () => {
    const tokens = Array.from({ length: 70 }, (_, i) => `many-${i}-tok`);
    for (const token of tokens) expect(redactSecret(`t ${token}`, token)).toBe('t [redacted]');
    for (const token of tokens) expect(redactJson({ e: token }, token)).toEqual({ e: '[redacted]' });
  });
});

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

describe('contains: whether a text holds the secret in any form', () => {
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

describe('with: a token mask joined with a call mask', () => {
  test('masks both secrets, and the same pair joined again is the one built (no pattern compiled per request)', () => {
    const token = EchoMask.ofSecrets(['tok-with-joined-1234']);
    const call = EchoMask.ofSecrets(['field-secret-5678']);
    const joined = token.with(call);
    expect(joined.mask('a tok-with-joined-1234 b field-secret-5678', 'text')).toBe(
      'a [redacted] b [redacted]',
    );
    expect(token.with(call)).toBe(joined);
    expect(token.with(EchoMask.ofSecrets(['other-secret-9999']))).not.toBe(joined);
    expect(token.with(EchoMask.none)).toBe(token);
  });
});
