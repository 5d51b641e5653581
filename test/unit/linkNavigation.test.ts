import { describe, expect, test } from 'vitest';
import { type LinkCatalog, linkNavigation } from '../../src/shared/links/linkNavigation.ts';

/**
 * A link names a robot and a preset; it reaches one's own robot's preset or
 * a team catalog's, by the same names. When one's own robot and a team's
 * share a name, one's own comes first, wholly.
 */

const fields = [{ name: 'customerId', secret: false }];
const own: LinkCatalog = {
  robots: [
    { id: 'r-orders', name: 'Orders' },
    { id: 'r-deploy', name: 'Deploy' },
  ],
  presets: [
    { id: 'p-refund', robotId: 'r-orders', name: 'Refund', fields },
    { id: 'p-staging', robotId: 'r-deploy', name: 'Staging', fields: [] },
  ],
};
const team: LinkCatalog = {
  robots: [
    { id: 'team:billing', name: 'Billing' },
    { id: 'team:deploy', name: 'deploy' },
  ],
  presets: [
    { id: 'team:billing/month', robotId: 'team:billing', name: 'Month end', fields },
    { id: 'team:deploy/now', robotId: 'team:deploy', name: 'Now', fields: [] },
    { id: 'team:deploy/staging', robotId: 'team:deploy', name: 'Staging', fields: [] },
  ],
};

describe('linkNavigation with a team catalog', () => {
  test("a team robot's preset is opened by its names, fields filled in", () => {
    expect(
      linkNavigation('robot-tray://fire?robot=billing&preset=Month%20End&customerId=7', own, team),
    ).toEqual({
      view: 'run',
      robotId: 'team:billing',
      presetId: 'team:billing/month',
      fields: { customerId: '7' },
    });
    expect(linkNavigation('robot-tray://fire?robot=Billing', own, team)).toEqual({
      view: 'run',
      robotId: 'team:billing',
      presetId: null,
      fields: {},
    });
  });

  test("one's own robots are found as before", () => {
    expect(linkNavigation('robot-tray://fire?robot=Orders&preset=Refund', own, team)).toMatchObject({
      view: 'run',
      presetId: 'p-refund',
    });
  });

  test("a name both have is one's own robot's, its presets only; the reason names the team's", () => {
    expect(linkNavigation('robot-tray://fire?robot=Deploy&preset=Staging', own, team)).toMatchObject({
      robotId: 'r-deploy',
      presetId: 'p-staging',
    });
    expect(linkNavigation('robot-tray://fire?robot=deploy', own, team)).toMatchObject({
      robotId: 'r-deploy',
    });
    const refused = linkNavigation('robot-tray://fire?robot=Deploy&preset=Now', own, team);
    expect(refused.view).toBe('linkProblem');
    expect(refused.view === 'linkProblem' && refused.message).toMatch(
      /team catalog's robot of that name has it, but your own robot of that name comes first/,
    );
  });

  test("a team preset's fields are checked as one's own are; without a team catalog it is unknown", () => {
    const unknownField = linkNavigation(
      'robot-tray://fire?robot=Billing&preset=Month%20end&other=1',
      own,
      team,
    );
    expect(unknownField.view).toBe('linkProblem');
    const noTeam = linkNavigation('robot-tray://fire?robot=Billing&preset=Month%20end', own);
    expect(noTeam.view === 'linkProblem' && noTeam.message).toMatch(/has no robot of that name/);
  });
});
