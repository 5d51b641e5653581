import type { JsonObject, JsonValue } from '../../shared/models/json.ts';
import { isJsonObject } from '../../shared/models/json.ts';
import { AppError } from '../errors.ts';
import { excerpt, redactSecret } from './redact.ts';

/** What the service's answers mean in words, and how they are read. */
export function httpMessage(code: number, action: 'trigger' | 'query', host: string, detail: string): string {
  const said = detail ? ` It said: ${detail}` : '';
  if (code === 401 || code === 403) {
    return action === 'trigger'
      ? `The service refused the token (HTTP ${code}).${said} Generate a new token in the robot's Designer and set it in Robot Tray.`
      : `The service refused the status query (HTTP ${code}).${said} Check the robot's token and whether queries should send it.`;
  }
  if (code === 404) {
    return action === 'trigger'
      ? `The trigger address was not found on ${host} (HTTP 404).${said} Check the robot's base URL.`
      : `The service no longer knows this run (HTTP 404): its result has expired or the id is wrong.`;
  }
  if (code === 413)
    return `The service refused the arguments as too large (HTTP 413).${said} Send fewer or smaller arguments.`;
  if (code === 429)
    return `The service is rate limiting Robot Tray (HTTP 429).${said} Wait a little before trying again.`;
  if (code >= 500) return `The service had an error (HTTP ${code}).${said} Try again later.`;
  return `The service rejected the ${action} (HTTP ${code}).${said} Check the arguments and the robot settings.`;
}

export function parseJsonObject(
  text: string,
  action: 'trigger' | 'query',
  token: string | undefined,
): JsonObject {
  let value: JsonValue;
  try {
    // JSON.parse can only produce JSON values, so this is a fact, not a guess.
    value = JSON.parse(text) as JsonValue;
  } catch {
    throw new AppError(
      'protocol',
      `The service's answer to the ${action} is not JSON: ${excerpt(redactSecret(text, token), 80) || '(empty)'}. ` +
        'Check that the base URL points at the robot service.',
      { maybeDelivered: action === 'trigger' },
    );
  }
  if (!isJsonObject(value)) {
    throw new AppError('protocol', `The service's answer to the ${action} is JSON but not an object.`, {
      maybeDelivered: action === 'trigger',
    });
  }
  return value;
}

/** The top-level text, number, flag and null fields of an answer too deep to keep whole. */
export function topLevelScalars(json: JsonObject): JsonObject {
  const kept: JsonObject = {};
  for (const [key, value] of Object.entries(json)) {
    if (typeof value !== 'object' || value === null)
      Object.defineProperty(kept, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return kept;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}
