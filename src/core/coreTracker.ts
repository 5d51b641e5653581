import type { Settings } from '../shared/models/settings.ts';
import type { CoreParts } from './coreParts.ts';
import { CallTracker } from './tracker/callTracker.ts';
import type { RobotTokens } from './vault/robotTokens.ts';

/**
 * The call tracker over a core's parts: each robot as robots.json has it now
 * (another process's edits are seen within 250 ms, since every poll asks),
 * its token for the origin it was set for, the prints of the secrets each
 * call carried (to mask an echo of any), and the settings in force.
 */
export function openTracker(parts: CoreParts, tokens: RobotTokens, settings: () => Settings): CallTracker {
  const { catalog } = parts;
  return new CallTracker({
    history: parts.history,
    client: parts.client,
    robotById: (id) => catalog.robot(id, { maxAgeMs: 250 }),
    tokenFor: (robot, origin) => tokens.tokenFor(robot, origin),
    echo: parts.echo,
    settings,
    clock: parts.clock,
    random: parts.random,
    learnRunTimes: parts.learnRunTimes,
    newId: parts.newId,
    warn: (message) => parts.warnings.add('history.sqlite', message),
  });
}
