import type { NetworkSettings } from '../shared/models/network.ts';
import { AppError } from './errors.ts';
import { checkCaFile } from './http/trust.ts';
import type { CaFacts } from './trustChanges.ts';

/**
 * Settings that parse but cannot work are refused when saved: a manual proxy
 * with no address, a bad CA file. Answers what the CA file holds, for the
 * words of the confirmation.
 */
export async function checkNetworkSettings(network: NetworkSettings): Promise<CaFacts | undefined> {
  if (network.proxyMode === 'manual' && network.proxyUrl === null) {
    throw new AppError(
      'validation',
      'network.proxyUrl: the manual proxy mode needs a proxy address such as http://proxy.example.com:3128.',
    );
  }
  if (network.caFile === null) return undefined;
  return { file: network.caFile, summary: await checkCaFile(network.caFile, 'app settings') };
}
