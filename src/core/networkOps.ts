import type { NetworkSettings } from '../shared/models/network.ts';
import { AppError } from './errors.ts';
import { checkCaFile } from './http/trust.ts';

/** Settings that parse but cannot work are refused when saved: a manual proxy with no address, a bad CA file. */
export async function checkNetworkSettings(network: NetworkSettings): Promise<void> {
  if (network.proxyMode === 'manual' && network.proxyUrl === null) {
    throw new AppError(
      'validation',
      'network.proxyUrl: the manual proxy mode needs a proxy address such as http://proxy.example.com:3128.',
    );
  }
  if (network.caFile !== null) await checkCaFile(network.caFile, 'app settings');
}
