import { describe, expect, test } from 'vitest';
import {
  argsFromRows,
  formatArgs,
  newRow,
  parseArgsJson,
  rowsFromArgs,
} from '../../src/renderer/src/features/presets/argsModel.ts';
import { draftOf, robotInputOf } from '../../src/renderer/src/features/robots/robotDraft.ts';
import { splitFieldErrors } from '../../src/renderer/src/forms/fieldErrors.ts';

describe('arguments: table and JSON', () => {
  const args = { customer: 'C-17', amount: 12.5, rush: true, note: null, ids: [1, 2], meta: { a: 1 } };

  test('the table and the JSON text carry the same arguments both ways, in order', () => {
    const rows = rowsFromArgs(args);
    expect(rows.map((r) => [r.key, r.type])).toEqual([
      ['customer', 'text'],
      ['amount', 'number'],
      ['rush', 'boolean'],
      ['note', 'null'],
      ['ids', 'json'],
      ['meta', 'json'],
    ]);
    const back = argsFromRows(rows);
    expect(back).toEqual({ args });
    expect(Object.keys((back as { args: object }).args)).toEqual(Object.keys(args));
    expect(parseArgsJson(formatArgs(args))).toEqual({ args });
  });

  test('a typed value is read by its type; text stays text', () => {
    const rows = [
      newRow({ key: 'zip', type: 'text', value: '007' }),
      newRow({ key: 'n', type: 'number', value: '42' }),
      newRow({ key: '', type: 'text', value: '' }),
    ];
    expect(argsFromRows(rows)).toEqual({ args: { zip: '007', n: 42 } });
  });

  test('each bad row says what is wrong with it', () => {
    const rows = [
      newRow({ key: 'n', type: 'number', value: 'twelve' }),
      newRow({ key: 'n', type: 'text', value: 'x' }),
      newRow({ key: '', type: 'text', value: 'orphan' }),
      newRow({ key: 'big', type: 'number', value: '123456789012345678.5' }),
      newRow({ key: 'j', type: 'json', value: '{oops' }),
    ];
    const result = argsFromRows(rows);
    if (!('errors' in result)) throw new Error('expected errors');
    expect(Object.values(result.errors)).toEqual([
      'Type a number such as 42 or 12.5.',
      'Another argument is already named "n".',
      'Give this argument a name.',
      '123456789012345678.5 cannot be sent exactly as a number; make it Text to send it as typed.',
      expect.stringMatching(/^Not valid JSON at line 1, column 2/),
    ]);
  });

  test('JSON problems give their line and column', () => {
    const result = parseArgsJson('{\n  "a": 1,\n}');
    if (!('error' in result)) throw new Error('expected an error');
    expect(result.error.line).toBe(3);
    expect(result.error.column).toBe(1);
    expect(result.error.message).toMatch(/^Not valid JSON at line 3, column 1: /);
    expect(parseArgsJson('[1, 2]')).toMatchObject({
      error: { message: expect.stringContaining('must be an object') },
    });
    expect(parseArgsJson('{"id": 9007199254740993}')).toMatchObject({
      error: { message: expect.stringContaining('put it in quotes'), line: 1, column: 8 },
    });
    expect(parseArgsJson('  ')).toEqual({ args: {} });
  });
});

describe('robot form', () => {
  const PIN = Array.from({ length: 32 }, () => '3F').join(':');
  test('a draft of an existing robot saves back to the same fields', () => {
    const draft = draftOf({
      id: 'r',
      name: 'Invoice sync',
      baseUrl: 'https://robots.example.com',
      notes: 'n',
      pollPolicy: { firstDelayMs: 1500, watchDeadlineMs: 600_000 },
      sendTokenOnQuery: false,
      allowInsecureHttp: false,
      confirmBeforeFiring: true,
      tokenUpdatedAt: null,
      tokenOrigin: null,
      caFile: '/etc/ssl/corp-ca.pem',
      pinnedCertSha256: PIN,
      pinnedCertOrigin: 'https://robots.example.com',
      createdAt: 0,
      updatedAt: 0,
    });
    expect(draft.firstDelaySeconds).toBe('1.5');
    expect(draft.watchMinutes).toBe('10');
    expect(robotInputOf(draft)).toEqual({
      input: {
        name: 'Invoice sync',
        baseUrl: 'https://robots.example.com',
        notes: 'n',
        pollPolicy: { firstDelayMs: 1500, watchDeadlineMs: 600_000 },
        sendTokenOnQuery: false,
        allowInsecureHttp: false,
        confirmBeforeFiring: true,
        pinnedCertSha256: PIN,
      },
    });
    // The CA file is chosen through main's dialog, never sent with the form.
    expect(robotInputOf(draft)).not.toHaveProperty('input.caFile');
    // A forgotten certificate is saved as cleared.
    expect(robotInputOf({ ...draft, pinnedCertSha256: null })).toMatchObject({
      input: { pinnedCertSha256: null },
    });
  });

  test('refused base URLs and names are explained by field', () => {
    const errorsOf = (patch: Partial<ReturnType<typeof draftOf>>) => {
      const result = robotInputOf({ ...draftOf(), name: 'R', baseUrl: 'https://x.example', ...patch });
      return 'errors' in result ? result.errors : {};
    };
    expect(errorsOf({ baseUrl: 'robots.example.com' })).toEqual({
      baseUrl: 'Must be a full URL such as https://robots.example.com.',
    });
    expect(errorsOf({ baseUrl: 'https://me:pw@x.example' })['baseUrl']).toMatch(/user name or password/);
    expect(errorsOf({ baseUrl: 'http://robots.example.com' })['baseUrl']).toMatch(/unencrypted/);
    expect(errorsOf({ baseUrl: 'http://robots.example.com', allowInsecureHttp: true })).toEqual({});
    expect(errorsOf({ baseUrl: 'http://127.0.0.1:4780' })).toEqual({});
    expect(errorsOf({ name: ' ' })).toEqual({ name: 'Must not be empty.' });
    expect(errorsOf({ firstDelaySeconds: 'soon' })['pollPolicy']).toMatch(/seconds from 0.1 to 600/);
  });

  test("main's messages land beside the field they name", () => {
    expect(
      splitFieldErrors('name: a robot named "A" already exists; choose another name.', ['name', 'baseUrl']),
    ).toEqual({ fields: { name: 'A robot named "A" already exists; choose another name.' }, form: null });
    expect(
      splitFieldErrors(
        'Invalid createRobot request: name: must not be empty; baseUrl: must not contain ? or #.',
        ['name', 'baseUrl'],
      ),
    ).toEqual({ fields: { name: 'Must not be empty.', baseUrl: 'Must not contain ? or #.' }, form: null });
    expect(splitFieldErrors('The keychain is locked.', ['name'])).toEqual({
      fields: {},
      form: 'The keychain is locked.',
    });
  });
});
