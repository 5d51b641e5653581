import type { JsonObject } from '../../shared/models/json.ts';
import type { HttpMethod } from '../../shared/models/preset.ts';
import { encodeGetArguments } from './queryEncoding.ts';
import { triggerPath, type Target } from './targetUrl.ts';

export const CURL_TOKEN_VARIABLE = 'ROBOT_TOKEN';

/** Quote for a POSIX shell: single quotes, with embedded ones closed and escaped. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The trigger as a curl command people can run or share. The token is never
 * written out: the command reads it from $ROBOT_TOKEN at run time, and hands
 * it to curl on stdin (`-H @-`) through printf, a shell builtin, so it never
 * appears in a process's argument list where other local users could read it.
 * Without $ROBOT_TOKEN the shell stops before curl runs.
 */
export function buildCurlCommand(target: Target, method: HttpMethod, args: JsonObject): string {
  // ${VAR:?…} stops the shell with that message when the variable is unset or
  // empty; checked before the pipeline, so curl never runs with an empty token.
  const tokenHeader =
    `: "\${${CURL_TOKEN_VARIABLE}:?set ${CURL_TOKEN_VARIABLE} to the robot webhook token first}" && ` +
    `printf 'x-service-token: %s\\n' "$${CURL_TOKEN_VARIABLE}" |`;
  if (method === 'GET') {
    const url = target.origin + triggerPath(target, encodeGetArguments(args));
    return [tokenHeader, 'curl', '-sS', shellQuote(url), '-H', '@-'].join(' ');
  }
  const url = target.origin + triggerPath(target, '');
  return [
    tokenHeader,
    'curl',
    '-sS',
    '-X',
    'POST',
    shellQuote(url),
    '-H',
    shellQuote('content-type: application/json'),
    '-H',
    '@-',
    '--data-raw',
    shellQuote(JSON.stringify(args)),
  ].join(' ');
}
