import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CliHarness } from '../support/cliHarness.ts';

/**
 * A token pasted with what surrounded it where it was copied from. Stored as
 * pasted, the next fire got a 401 whose advice (generate a new token) would
 * revoke a shared token that works.
 */
describe('robot-tray token set and a token pasted with more than the token', () => {
  let h: CliHarness;
  let token: string;
  beforeAll(async () => {
    h = await CliHarness.open();
    await h.addRobot({ name: 'Other', flow: [] });
    token = h.sandbox.addRobot({ name: 'Pasted', flow: [] }).token;
    h.secrets.add(token);
    await (await h.core()).createRobot({ name: 'Pasted', baseUrl: h.sandbox.baseUrl });
  });
  afterAll(async () => h?.close());

  test('quotes around it, a whole header line or a space inside are refused with what to paste; nothing is stored', async () => {
    const cases: Array<[string, RegExp]> = [
      [`"${token}"`, /token: it has quotes around it; paste only the token, the text between the quotes\./],
      [
        `x-service-token: ${token}`,
        /token: this is a whole header line; paste only the token, the text after "x-service-token:"/,
      ],
      [`${token.slice(0, 10)} ${token.slice(10)}`, /token: it has a space inside, and a token has none/],
    ];
    for (const [pasted, reason] of cases) {
      const set = await h.run(['token', 'set', 'Pasted'], { input: pasted });
      expect(set, pasted).toMatchObject({ code: 2, stdout: '' });
      expect(set.stderr).toMatch(reason);
      expect(set.stderr).not.toContain(token.slice(0, 10));
    }
    const env = await h.run(['fire', 'Pasted', '--token-env', 'PASTED'], { env: { PASTED: `"${token}"` } });
    expect(env).toMatchObject({ code: 2, stdout: '' });
    expect(env.stderr).toMatch(/it has quotes around it/);
    expect(await h.json(['token', 'status', 'Pasted'])).toMatchObject({ hasToken: false });

    expect(await h.run(['token', 'set', 'Pasted'], { input: token })).toMatchObject({ code: 0 });
    expect(await h.json(['token', 'status', 'Pasted'])).toMatchObject({ hasToken: true });
  }, 60_000);
});
