import type { SecretBackend } from '../../src/core/vault/tokenVault.ts';

/** A keychain in memory, for unit tests that need tokens but not the OS keychain. */
export function memorySecrets(): SecretBackend & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  const key = (service: string, account: string) => `${service}\u0000${account}`;
  return {
    entries,
    getPassword: async (service, account) => entries.get(key(service, account)) ?? null,
    setPassword: async (service, account, password) => void entries.set(key(service, account), password),
    deletePassword: async (service, account) => entries.delete(key(service, account)),
    findCredentials: async (service) =>
      [...entries]
        .filter(([k]) => k.startsWith(`${service}\u0000`))
        .map(([k, password]) => ({ account: k.slice(service.length + 1), password })),
  };
}
