import type { EndpointFaults, ParsedFaultConfig } from './schema.ts';

export type Endpoint = 'trigger' | 'query';

/**
 * Faults in effect for one request: the global set, with the robot's own
 * set winning kind by kind (a robot's serverError replaces the global one,
 * the global latency still applies). Requests that name no known robot (bad
 * token, unknown call id) meet the global faults only.
 */
export function effectiveFaults(
  global: ParsedFaultConfig,
  robot: ParsedFaultConfig | undefined,
  endpoint: Endpoint,
): EndpointFaults | undefined {
  const base = global[endpoint];
  const own = robot?.[endpoint];
  if (own === undefined) return base;
  if (base === undefined) return own;
  return { ...base, ...own };
}
