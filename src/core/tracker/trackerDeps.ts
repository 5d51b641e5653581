import type { Robot } from '../../shared/models/robot.ts';
import type { Settings } from '../../shared/models/settings.ts';
import type { Clock, Random } from '../clock.ts';
import type { WebhookClient } from '../http/webhookClient.ts';
import type { CallHistory } from '../store/callHistory.ts';
import type { EchoKeys } from '../vault/echoKeys.ts';

/** What the call tracker works with: the history, the client, the catalog and tokens, the clock. */
export type TrackerDeps = {
  history: CallHistory;
  client: WebhookClient;
  robotById: (robotId: string) => Promise<Robot | undefined>;
  /** The robot's token bound to this origin, if any: a token is only ever sent to its own origin. */
  tokenFor: (robot: Robot, origin: string) => Promise<string | undefined>;
  /** Prints of the secrets a call carries, and the masks they make of its answers, in any process. */
  echo: Pick<EchoKeys, 'prints' | 'maskFor' | 'forget'>;
  settings: () => Settings;
  clock: Clock;
  random: Random;
  /** Schedule by learned run times (default), or by the poll policy alone. */
  learnRunTimes?: boolean;
  newId: () => string;
  /** Told when the history cannot be written for a while (locked, disk full). */
  warn: (message: string) => void;
};
