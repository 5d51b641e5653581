import path from 'node:path';
import { InvalidArgumentError } from 'commander';

/**
 * `--proxy URL` and `--ca FILE`, accepted before or after any command: this
 * run's additions to the stored network settings. Without --proxy the proxy
 * comes from the settings, whose default for the CLI is the environment
 * (HTTPS_PROXY, HTTP_PROXY, NO_PROXY).
 */
export type NetworkFlags = { proxy?: string; ca?: string[] };

let flags: NetworkFlags = {};

export function setNetworkFlags(options: Record<string, unknown>): void {
  flags = {
    ...(typeof options['proxy'] === 'string' ? { proxy: options['proxy'] } : {}),
    ...(Array.isArray(options['ca']) ? { ca: options['ca'] as string[] } : {}),
  };
}

export function networkFlags(): NetworkFlags {
  return flags;
}

/** --proxy: "direct" (or "none"), or an http://, https:// or socks5:// address. */
export function parseProxyFlag(value: string): string {
  const text = value.trim();
  if (/^(direct|none)$/i.test(text)) return text.toLowerCase();
  if (!URL.canParse(text) || !/^(https?|socks5?):$/.test(new URL(text).protocol)) {
    throw new InvalidArgumentError(
      'expected a proxy address such as http://proxy.example.com:3128, or "direct".',
    );
  }
  return text;
}

/** --ca: repeatable; a relative path is taken from the current folder. */
export function collectCaFile(value: string, previous: string[] = []): string[] {
  return [...previous, path.resolve(value)];
}
