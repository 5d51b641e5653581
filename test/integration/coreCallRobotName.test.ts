import { afterEach, expect, test } from 'vitest';
import { openCoreHarness, type CoreHarness } from '../support/coreHarness.ts';

let h: CoreHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

test("a call reads under its robot's name now in every list and summary, and keeps the name it was fired under", async () => {
  h = await openCoreHarness();
  const robot = await h.addRobot({ name: 'Invoices', flow: [{ type: 'respond', echo: true }] });
  const call = await h.core.fire(robot.id, { method: 'POST', args: { n: 1 } });
  await h.core.updateRobot(robot.id, { name: 'Billing' });

  // The window (summaries) and the CLI (lists) see the same name.
  expect(h.core.listCalls().map((c) => c.robotName)).toEqual(['Billing']);
  expect(h.core.summary(h.core.getCall(call.id)).robotName).toBe('Billing');
  // The record keeps what it was fired under: `call show` says both.
  expect(h.core.getCall(call.id).robotName).toBe('Invoices');

  // A removed robot's calls keep the name they were fired under.
  await h.core.deleteRobot(robot.id);
  expect(h.core.listCalls().map((c) => c.robotName)).toEqual(['Invoices']);
});
