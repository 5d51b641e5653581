import { expect, test } from 'vitest';
import { abortedRequest, DeadlinePassed, Stopped } from '../../src/core/http/requestAbort.ts';

/**
 * What a person reads when a request to a robot is cut short: by its
 * deadline, or because Robot Tray stopped waiting (Ctrl+C, --timeout, quit).
 * A trigger cut short may still have started the robot, and the message says so.
 */

const MAY_HAVE_STARTED = ' The robot may or may not have started; check the service before firing again.';

test('a trigger past its deadline: how long was waited, and that the robot may have started', () => {
  const cause = new Error('socket');
  const error = abortedRequest(new DeadlinePassed(60_400), 'robots.example.com', 'trigger', cause);
  expect(error).toMatchObject({ kind: 'timeout', maybeDelivered: true, cause });
  expect(error.message).toBe(
    `robots.example.com did not finish answering the trigger within 60 s, so Robot Tray gave up.${MAY_HAVE_STARTED}`,
  );
});

test('a query past its deadline starts nothing, and says nothing about starting', () => {
  const error = abortedRequest(new DeadlinePassed(1_600), 'robots.example.com', 'query', undefined);
  expect(error.message).toBe(
    'robots.example.com did not finish answering the query within 2 s, so Robot Tray gave up.',
  );
});

test('stopped waiting: for a trigger with the warning, for a query without', () => {
  expect(abortedRequest(new Stopped(), 'a.example', 'trigger', undefined).message).toBe(
    `Robot Tray stopped waiting for a.example to answer the trigger.${MAY_HAVE_STARTED}`,
  );
  expect(abortedRequest(new Stopped(), 'a.example', 'query', undefined).message).toBe(
    'Robot Tray stopped waiting for a.example to answer the query.',
  );
});
