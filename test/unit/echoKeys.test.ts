import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { EchoKeys } from '../../src/core/vault/echoKeys.ts';
import type { SecretBackend } from '../../src/core/vault/tokenVault.ts';
import { memorySecrets } from '../support/memorySecrets.ts';

/**
 * A call keeps prints of the secrets it carried, never the secrets; any
 * process of the desk (another EchoKeys over the same keychain) masks an
 * echo of them from the prints alone.
 */

const TOKEN = 'tok-EchoKeys-4f1c-9a7e-secret';
const PIN = '4711';

function lockedKeychain(): SecretBackend {
  const fail = () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
  return { getPassword: fail, setPassword: fail, deletePassword: fail, findCredentials: fail };
}

describe('prints made by one process mask the echo in another', () => {
  test('the token and a secret field value, in any spelling, from the record alone', async () => {
    const keychain = memorySecrets();
    const firing = new EchoKeys(keychain);
    const echoPrints = await firing.prints([TOKEN, PIN]);
    // What the record keeps names neither secret, in any spelling. Its texts
    // (key id, salt, digests) are read; its numbers are hashes, whose digits
    // may happen to hold the PIN's, so a number is only held not to be it.
    const texts = [echoPrints.key, echoPrints.salt, ...echoPrints.prints.map((p) => p.m)];
    for (const form of [TOKEN, PIN, Buffer.from(TOKEN).toString('base64').slice(0, 20)])
      for (const text of texts) expect(text).not.toContain(form);
    const numbers = echoPrints.prints.flatMap((p) => p.a);
    expect(numbers).not.toContain(Number(PIN));
    expect(Object.keys(echoPrints).sort()).toEqual(['key', 'prints', 'salt']);
    for (const print of echoPrints.prints) expect(Object.keys(print).sort()).toEqual(['a', 'm', 'n']);

    const reading = new EchoKeys(keychain);
    const mask = await reading.maskFor({ id: 'call-1', echoPrints });
    const answer = JSON.stringify({
      status: 'DONE',
      response: {
        echoed: TOKEN,
        header: `x-token ${encodeURIComponent(TOKEN)}`,
        basic: Buffer.from(TOKEN).toString('base64'),
        pin: Number(PIN),
        pinText: `pin ${PIN}.`,
        other: 12345,
      },
    });
    const masked = mask.mask(answer, 'json');
    expect(masked).not.toContain(TOKEN);
    expect(masked).not.toContain(Buffer.from(TOKEN).toString('base64').replace(/=+$/, ''));
    expect(JSON.parse(masked).response).toEqual({
      echoed: '[redacted]',
      header: 'x-token [redacted]',
      basic: '[redacted]',
      pin: '[redacted]',
      pinText: 'pin [redacted].',
      other: 12345,
    });
  });

  test('the mask key lives in the keychain, never beside the prints; one key serves every call', async () => {
    const keychain = memorySecrets();
    const keys = new EchoKeys(keychain);
    const first = await keys.prints([TOKEN]);
    const second = await new EchoKeys(keychain).prints([TOKEN]);
    const stored = [...keychain.entries.keys()].filter((k) => k.includes('echo-mask-key:'));
    expect(stored).toHaveLength(1);
    expect(first.key).toBe(second.key);
    expect(first.key).not.toMatch(/^inline:/);
    // Each call has its own salt: the same token leaves unrelated prints.
    expect(first.salt).not.toBe(second.salt);
    expect(first.prints[0]!.m).not.toBe(second.prints[0]!.m);
  });

  test('a desk whose key is gone from the keychain refuses to read the answer rather than keep it unmasked', async () => {
    const keychain = memorySecrets();
    const echoPrints = await new EchoKeys(keychain).prints([TOKEN]);
    keychain.entries.clear();
    await expect(new EchoKeys(keychain).maskFor({ id: 'call-2', echoPrints })).rejects.toMatchObject({
      kind: 'keychain',
    });
  });

  test('without a keychain (a CI runner with --token-env) the prints carry a key of their own and still mask', async () => {
    const echoPrints = await new EchoKeys(lockedKeychain()).prints([TOKEN]);
    expect(echoPrints.key).toMatch(/^inline:/);
    const mask = await new EchoKeys(lockedKeychain()).maskFor({ id: 'call-3', echoPrints });
    expect(mask.mask(`{"t":"${TOKEN}"}`, 'json')).toBe('{"t":"[redacted]"}');
  });

  test('a call recorded without prints is masked of nothing by them', async () => {
    const mask = await new EchoKeys(memorySecrets()).maskFor({ id: 'call-4' });
    expect(mask.empty).toBe(true);
  });
});

describe('any secret, echoed in any spelling inside any text, leaves no trace', () => {
  const spell = (secret: string, how: number): string => {
    switch (how) {
      case 0:
        return secret;
      case 1:
        return JSON.stringify(secret).slice(1, -1);
      case 2:
        return [...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
      case 3:
        return encodeURIComponent(secret);
      default:
        return Buffer.from(secret, 'utf8').toString('base64');
    }
  };
  test('property: masked by prints from another process', async () => {
    const keychain = memorySecrets();
    const firing = new EchoKeys(keychain);
    const reading = new EchoKeys(keychain);
    let id = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.string({ unit: 'grapheme-ascii', minLength: 4, maxLength: 40 }),
        fc.string({ maxLength: 30 }),
        fc.string({ maxLength: 30 }),
        fc.integer({ min: 0, max: 4 }),
        async (secret, before, after, how) => {
          const echoPrints = await firing.prints([secret]);
          const mask = await reading.maskFor({ id: `call-${++id}`, echoPrints });
          const spelled = spell(secret, how);
          const masked = mask.mask(`${before}${spelled}${after}`, 'text');
          expect(masked).toContain('[redacted]');
          expect(masked.includes(spelled)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a waiting call builds its mask once, however many wait', () => {
  test('the mask of the first of 600 calls polled in turn is the one built, until its watching ends', async () => {
    const keys = new EchoKeys(memorySecrets());
    const calls = await Promise.all(
      Array.from({ length: 600 }, async (_, i) => ({
        id: `call-${i}`,
        echoPrints: await keys.prints([`${TOKEN}-${i}`]),
      })),
    );
    const first = await keys.maskFor(calls[0]!);
    for (const call of calls) await keys.maskFor(call);
    for (const call of calls) await keys.maskFor(call);
    expect(await keys.maskFor(calls[0]!)).toBe(first);

    keys.forget(calls[0]!);
    const again = await keys.maskFor(calls[0]!);
    expect(again).not.toBe(first);
    expect(again.mask(`echo ${TOKEN}-0`, 'text')).toBe('echo [redacted]');
  });
});
