import { expect, test } from 'vitest';
import type { Navigation } from '../../src/shared/events.ts';
import type { RobotView } from '../../src/shared/models/robotView.ts';
import { type LinkSource, listenForLinks } from '../../src/main/links/linkInbox.ts';
import { openLinksIn } from '../../src/main/links/openLink.ts';

test('links are shown in the order they came, even when reading the first against the robots takes longer', async () => {
  const robots = [
    { id: 'r1', name: 'Orders' },
    { id: 'r2', name: 'Refunds' },
  ] as unknown as RobotView[];
  // The first read of the robots is held until the second link has been read.
  let releaseFirst: () => void = () => undefined;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  let reads = 0;
  const core = {
    listRobots: async () => {
      if (++reads === 1) await firstHeld;
      return robots;
    },
    listPresets: async () => [],
  };
  let openUrl: (url: string) => void = () => undefined;
  const app = {
    on: (event: string, listener: (event: { preventDefault(): void }, url: string) => void) => {
      if (event === 'open-url') openUrl = (url) => listener({ preventDefault: () => undefined }, url);
      return app;
    },
  } as unknown as LinkSource;
  const shown: Navigation[] = [];
  const links = listenForLinks(app, ['robot-tray', 'robot-tray://fire?robot=Orders']);
  openLinksIn(links, core, { go: (to) => void shown.push(to) }, () => undefined);
  openUrl('robot-tray://fire?robot=Refunds');
  // Let the second link be read in full if nothing keeps it waiting its turn.
  for (let i = 0; i < 20; i++) await Promise.resolve();
  releaseFirst();
  await expect.poll(() => shown.length).toBe(2);
  expect(shown.map((to) => (to.view === 'run' ? to.robotId : to.view))).toEqual(['r1', 'r2']);
});
