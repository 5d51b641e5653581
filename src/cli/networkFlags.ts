import path from 'node:path';
import { proxyAddressShown } from '../shared/net/proxyAddress.ts';
import { usageError } from './cliError.ts';

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

/**
 * --proxy: "direct" (or "none"), or an http://, https:// or socks5:// address.
 * Refused with a CliError, not commander's InvalidArgumentError: commander
 * would repeat the value whole, and a proxy URL may carry a password. The
 * error shows the address without credentials, however malformed it is.
 */
export function parseProxyFlag(value: string): string {
  const text = value.trim();
  if (/^(direct|none)$/i.test(text)) return text.toLowerCase();
  const shown = proxyAddressShown(text);
  const example = 'Give one such as http://proxy.example.com:3128, or "direct".';
  if (!URL.canParse(text) || !/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    throw usageError(`--proxy ${shown}: not a usable proxy address (${malformedReason(text)}). ${example}`);
  }
  const scheme = new URL(text).protocol;
  if (!/^(https?|socks5?):$/.test(scheme)) {
    throw usageError(
      `--proxy ${shown}: Robot Tray speaks http://, https:// and socks5:// to proxies, not ${scheme}//. ${example}`,
    );
  }
  return text;
}

/** Why a proxy address is not a URL, in words that never quote it. */
function malformedReason(text: string): string {
  if (/\s/.test(text)) return 'it contains a space; a space in a password is written %20';
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) return 'it does not start with http://, https:// or socks5://';
  const port = /:(\d+)(?:[/?#]|$)/.exec(text.slice(text.lastIndexOf('@') + 1));
  if (port !== null && Number(port[1]) > 65535) return 'the port must be a number from 1 to 65535';
  return 'it is not a valid URL';
}

/** --ca: repeatable; a relative path is taken from the current folder. */
export function collectCaFile(value: string, previous: string[] = []): string[] {
  return [...previous, path.resolve(value)];
}
