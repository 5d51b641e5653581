import type { Call } from '../../shared/models/call.ts';
import type { Robot } from '../../shared/models/robot.ts';
import { pinAt, TRIGGER_PATH, type Target } from '../http/targetUrl.ts';
import { urlParts } from '../http/urlParts.ts';

/**
 * Where a call's status queries go: the origin and base path its trigger was
 * sent to, as recorded with the call (older records: read from its `url`),
 * never the robot's address now, which may have moved to another host since.
 * The robot's own CA file and accepted certificate apply only while the
 * robot still points at that origin. Undefined when the record cannot say
 * where the call went.
 */
export function callTarget(call: Call, robot: Robot | undefined): Target | undefined {
  const fired = firedAt(call);
  if (fired === undefined) return undefined;
  const own = robot !== undefined && urlParts(robot.baseUrl)?.origin === fired.origin;
  return {
    ...fired,
    caFile: own ? robot.caFile : null,
    pin: own ? pinAt(robot, fired.origin) : null,
    ...(robot === undefined ? {} : { robotName: robot.name }),
  };
}

function firedAt(call: Call): { origin: string; basePath: string } | undefined {
  if (call.origin !== undefined && call.basePath !== undefined)
    return { origin: call.origin, basePath: call.basePath };
  if (call.url === null || !URL.canParse(call.url)) return undefined;
  const url = new URL(call.url);
  if (!url.pathname.endsWith(TRIGGER_PATH)) return undefined;
  return { origin: url.origin, basePath: url.pathname.slice(0, -TRIGGER_PATH.length) };
}
