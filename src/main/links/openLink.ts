import type { AppCore } from '../../core/appCore.ts';
import type { Navigation } from '../../shared/events.ts';
import { linkNavigation } from '../../shared/links/linkNavigation.ts';
import type { LinkInbox } from './linkInbox.ts';

/** What links are read against: one's own robots and presets, and the team catalog's when there is one. */
type LinkCore = Pick<AppCore, 'listRobots' | 'listPresets'> & Partial<Pick<AppCore, 'teamCatalog'>>;

/**
 * Where a robot-tray:// link takes the window, read by main against this
 * desk's robots and presets, its own and the team catalog's it follows. Never throws: a link is text from anywhere, and
 * whatever it holds ends as a run to confirm or a reason shown.
 */
export async function navigationForLink(core: LinkCore, text: string): Promise<Navigation> {
  try {
    const [robots, presets] = await Promise.all([core.listRobots(), core.listPresets()]);
    // A team catalog's robots and presets too; one's own come first (linkNavigation).
    const team = core.teamCatalog?.() ?? { robots: [], presets: [] };
    return linkNavigation(text, { robots, presets }, { robots: team.robots, presets: team.presets });
  } catch (error) {
    return {
      view: 'linkProblem',
      message: `This link cannot be opened now: ${error instanceof Error ? error.message.slice(0, 500) : 'the robots could not be read'}. Try it again.`,
    };
  }
}

/**
 * Links handed on in the order they came: each read against the robots and presets of
 * the moment and sent to the window as a run or a reason; a launch without a
 * link shows the window.
 */
export function openLinksIn(
  links: LinkInbox,
  core: LinkCore,
  navigator: { go(to: Navigation): void },
  showWindow: () => void,
): void {
  // One at a time, in the order they came: each is read against the robots
  // asynchronously, and a later link must not be shown before an earlier one
  // (the last one a person clicked is the one left on screen).
  let turn: Promise<void> = Promise.resolve();
  links.start({
    openLink: (text) => {
      turn = turn.then(() => navigationForLink(core, text).then((to) => navigator.go(to)));
    },
    showWindow,
  });
}
