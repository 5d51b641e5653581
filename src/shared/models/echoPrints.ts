import { z } from 'zod';

/**
 * One secret a call carried, as its record keeps it: never the secret, only
 * its length in UTF-16 code units (`n`), its first few characters each
 * hashed under a key (`a`) and a keyed digest of the whole (`m`). See
 * core/echo/secretPrints.ts.
 */
export const SecretPrint = z
  .object({
    n: z.number().int().min(1).max(1_000_000),
    a: z.array(z.number().int().min(0).max(0xffff_ffff)).min(1).max(3),
    m: z.string().regex(/^[A-Za-z0-9_-]{16}$/),
  })
  .strict();
export type SecretPrint = z.infer<typeof SecretPrint>;

/**
 * The prints of every secret a call carried, with the salt they were made
 * with and which mask key made them (its id in the keychain, or, where no
 * keychain could be used, the key itself). Kept with the call on this desk
 * only: never in a saved call, a report or anything the window receives.
 */
export const EchoPrints = z
  .object({
    key: z.string().min(1).max(200),
    salt: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    prints: z.array(SecretPrint).max(500),
  })
  .strict();
export type EchoPrints = z.infer<typeof EchoPrints>;
