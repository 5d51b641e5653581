import { expect, test } from 'vitest';
import { AppError } from '../../src/core/errors.ts';
import { TokenVault } from '../../src/core/vault/tokenVault.ts';
import { robotMethods } from '../../src/shared/ipc/contract/robots.ts';
import { MAX_TOKEN_INPUT, tokenProblem } from '../../src/shared/limits.ts';

const good = 'tok_0123456789abcdefABCDEF';
const pasted = [
  '',
  '   ',
  `"${good}"`,
  `x-service-token: ${good}`,
  'short',
  'x'.repeat(4097),
  'tok_0123 456789abcdef',
  `${good}é`,
  'y'.repeat(MAX_TOKEN_INPUT + 1),
];

/** A keychain in memory: what the vault stores, by account. */
function memoryKeychain() {
  const stored = new Map<string, string>();
  return {
    stored,
    getPassword: async (_s: string, account: string) => stored.get(account) ?? null,
    setPassword: async (_s: string, account: string, value: string) => void stored.set(account, value),
    deletePassword: async (_s: string, account: string) => stored.delete(account),
  };
}

test('one token rule: the window contract and the vault refuse the same tokens in the same words', async () => {
  const keychain = memoryKeychain();
  const vault = new TokenVault(keychain);
  for (const token of pasted) {
    const problem = tokenProblem(token);
    expect(problem, JSON.stringify(token.slice(0, 40))).toBeDefined();
    const parsed = robotMethods.setToken.request.safeParse({ robotId: 'r1', token });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([problem]);
    const refused = await vault.set('r1', 'https://robots.example', token).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(`token: ${problem}`);
  }
  expect(keychain.stored.size).toBe(0);
  // Pasted with the blank line a terminal adds: stored trimmed, accepted by both.
  expect(tokenProblem(`  ${good}\n`)).toBeUndefined();
  expect(robotMethods.setToken.request.safeParse({ robotId: 'r1', token: `${good}\n` }).success).toBe(true);
  await vault.set('r1', 'https://robots.example', `${good}\n`);
  expect([...keychain.stored.values()]).toEqual([good]);
});
