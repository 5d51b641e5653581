/**
 * The sandbox, as `npm run sandbox -- --no-demo --config FILE` serves it,
 * that also prints for each second how many triggers and status queries it
 * received (requestCounts.ts): the load run's view of the rate Robot Tray
 * puts on a service. Run in its own process by sandboxProcess.ts, loopback
 * only; SIGTERM (or Ctrl-C) prints the last counts and closes it.
 */
import { parseArgs } from 'node:util';
import { QUERY_PREFIX, startSandbox, TRIGGER_PATH, type LoggedRequest } from '../../src/sandbox/index.ts';
import {
  addToSeconds,
  countLine,
  freshEntries,
  takeCompleteSeconds,
  type SecondCount,
} from './requestCounts.ts';

// The ring holds 10,000 requests: read five times a second, it would take
// 50,000 requests a second to lose any, and a lost stretch is flagged anyway.
const READ_EVERY_MS = 200;
const paths = { trigger: TRIGGER_PATH, queryPrefix: QUERY_PREFIX };

const { values } = parseArgs({ options: { config: { type: 'string' } } });
const sandbox = await startSandbox({ configFile: values.config, demoRobots: false, port: 0 });

const seconds = new Map<number, SecondCount>();
let last: LoggedRequest | undefined;
function read(): void {
  const log = sandbox.requests();
  const { fresh, missed } = freshEntries(log, last);
  last = log.at(-1) ?? last;
  addToSeconds(seconds, fresh, paths, missed);
}
const timer = setInterval(() => {
  read();
  for (const count of takeCompleteSeconds(seconds, Math.floor(Date.now() / 1000))) {
    console.log(countLine(count));
  }
}, READ_EVERY_MS);

const stop = () => {
  clearInterval(timer);
  read();
  for (const count of takeCompleteSeconds(seconds, Number.POSITIVE_INFINITY)) console.log(countLine(count));
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
console.log(`counting sandbox listening on ${sandbox.baseUrl}`);
