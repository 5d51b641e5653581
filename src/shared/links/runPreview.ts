import { getEncodingProblem } from '../getEncoding.ts';
import type { JsonObject } from '../models/json.ts';
import type { HttpMethod } from '../models/preset.ts';
import { robotAddresses } from '../models/robotUrls.ts';

/** What a run would send, shown before the person fires it: never a token (the window has none). */
export type RunPreview = {
  method: HttpMethod;
  /** The trigger address, with the query string a GET carries. */
  url: string;
  /** Where the request goes: scheme, host and port of the robot's address. */
  origin: string;
  /** A POST's JSON body; null for GET, whose arguments ride in the URL. */
  body: string | null;
  /** Why a GET cannot carry these arguments (then nothing can be fired as shown). */
  problem: string | null;
};

/** The same encoding the core sends a GET with (spec 4.2): arrays as repeated keys. */
function queryString(args: JsonObject): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(args)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params.toString();
}

export function runPreview(baseUrl: string, method: HttpMethod, args: JsonObject): RunPreview {
  const { trigger } = robotAddresses(baseUrl);
  const origin = URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl;
  if (method === 'POST') {
    return { method, url: trigger, origin, body: JSON.stringify(args, null, 2), problem: null };
  }
  const problem = getEncodingProblem(args) ?? null;
  const query = problem === null ? queryString(args) : '';
  return { method, url: query === '' ? trigger : `${trigger}?${query}`, origin, body: null, problem };
}
