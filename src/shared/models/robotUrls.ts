/** Where the service takes a call, below the robot's base address (spec: "Trigger"). */
export const TRIGGER_PATH = '/main/public/webhook/request';
/** Where a call's result is read, below the base, followed by its webhookCallId (spec: "Query"). */
export const QUERY_PATH = '/prod/1/customer/robot/webhookResponse/';

const QUERY_DIR = '/prod/1/customer/robot/webhookResponse';

/** The text without its trailing slashes, in linear time (a regex like /\/+$/ is quadratic on "////…x"). */
export function trimTrailingSlashes(value: string): string {
  let end = value.length;
  while (end > 0 && value.charCodeAt(end - 1) === 47) end--;
  return value.slice(0, end);
}

export type PastedAddress = {
  /** The base address Robot Tray keeps: what the trigger and query paths are added to. */
  baseUrl: string;
  /** What was pasted: a trigger URL, a query URL (for one call), or the base itself. */
  kind: 'trigger' | 'query' | 'base';
};

/**
 * The base address inside whatever people paste for a robot: the trigger URL
 * the Designer shows (with or without its query string), a query URL for one
 * call, or the base itself. Text that is not an http(s) URL comes back
 * trimmed, as a base, for the schema to explain what is wrong with it.
 */
export function baseUrlFrom(pasted: string): PastedAddress {
  const text = pasted.trim();
  if (!URL.canParse(text)) return { baseUrl: text, kind: 'base' };
  const url = new URL(text);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { baseUrl: text, kind: 'base' };
  const path = trimTrailingSlashes(url.pathname);
  const at = (prefix: string) => url.origin + path.slice(0, path.length - prefix.length);
  if (path.endsWith(TRIGGER_PATH)) return { baseUrl: at(TRIGGER_PATH), kind: 'trigger' };
  const queryAt = path.lastIndexOf(QUERY_DIR + '/');
  if (queryAt >= 0 && !path.slice(queryAt + QUERY_DIR.length + 1).includes('/')) {
    return { baseUrl: url.origin + path.slice(0, queryAt), kind: 'query' };
  }
  // A base keeps its own query string or credentials, for the schema to refuse with its reason.
  return { baseUrl: trimTrailingSlashes(text), kind: 'base' };
}

/**
 * What a pasted trigger or query URL carried that its base leaves out: its
 * query string (`?customer=42&rush=1`, arguments for one call, which belong
 * in a preset) and the names in it; null when nothing was left out.
 */
export function droppedQuery(pasted: string): { query: string; names: string[] } | null {
  const text = pasted.trim();
  if (baseUrlFrom(text).kind === 'base') return null;
  const url = new URL(text);
  if (url.search === '') return null;
  return { query: url.search, names: [...new Set(url.searchParams.keys())] };
}

/**
 * Why a base address would double the service's paths (a trigger or query
 * URL kept as the base makes every call go to …/webhook/request/main/public/
 * webhook/request, a 404), or null when it is a plain base.
 */
export function doubledPathReason(baseUrl: string): string | null {
  if (!URL.canParse(baseUrl)) return null;
  const url = new URL(baseUrl);
  const path = url.pathname;
  const repeated = path.includes(TRIGGER_PATH) ? TRIGGER_PATH : path.includes(QUERY_DIR) ? QUERY_DIR : null;
  if (repeated === null) return null;
  const base = url.origin + trimTrailingSlashes(path.slice(0, path.indexOf(repeated)));
  return (
    `already holds the service path ${repeated}, which Robot Tray adds itself ` +
    `(calls would go to …${repeated}${TRIGGER_PATH}): use the base ${base} instead`
  );
}

/** The two addresses a robot's calls use, for showing before it is saved. */
export function robotAddresses(baseUrl: string): { trigger: string; query: string } {
  const base = trimTrailingSlashes(baseUrl);
  return { trigger: base + TRIGGER_PATH, query: base + QUERY_PATH + '{webhookCallId}' };
}
