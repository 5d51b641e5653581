import { useEffect, useMemo } from 'react';
import { callStates } from '../../../../shared/models/call.ts';
import { stateLabel } from '../../../../shared/sentences/callOutcome.ts';
import { useCalls } from '../../stores/calls.ts';
import { setRobotFilter, setTextFilter, toggleStateFilter, useCallsView } from '../../stores/callsView.ts';
import { useRobots } from '../../stores/robots.ts';
import { countsFor } from '../../stores/reducers/callCounts.ts';
import { teamCatalogName, teamRobots, useTeam } from '../../stores/team.ts';

/** Robot (one's own, then the team catalog's), free text, and the states with their counts (each a toggle). */
export function CallsFilters() {
  const filter = useCallsView((s) => s.filter);
  const robots = useRobots((s) => s.robots);
  const team = useTeam((s) => s.team);
  const shared = teamRobots(team);
  // Kept by the store as calls change: a poll that changes no state redraws nothing here.
  const all = useCalls((s) => s.counts);
  const counts = useMemo(() => countsFor(all, filter.robotId), [all, filter.robotId]);
  // A robot removed, or a team catalog's robot unfollowed, leaves no option to show it by: the
  // list goes back to all robots rather than staying filtered by one the select cannot name.
  const listed =
    filter.robotId === null ||
    robots.some((r) => r.id === filter.robotId) ||
    shared.some((r) => r.id === filter.robotId);
  useEffect(() => {
    if (!listed) setRobotFilter(null);
  }, [listed]);
  return (
    <div className="calls-filters">
      <div className="row">
        <select
          aria-label="Robot"
          value={filter.robotId ?? ''}
          onChange={(e) => setRobotFilter(e.target.value === '' ? null : e.target.value)}
        >
          <option value="">All robots</option>
          {robots.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
          {shared.length > 0 && (
            <optgroup label={`Team: ${teamCatalogName(team) ?? ''}`}>
              {shared.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        <input
          type="search"
          aria-label="Filter calls by preset, webhookCallId or arguments"
          placeholder="Search calls"
          value={filter.text}
          onChange={(e) => setTextFilter(e.target.value)}
        />
      </div>
      <div className="row state-filters" role="group" aria-label="Show calls in these states">
        {callStates
          .filter((state) => counts[state] > 0 || filter.states.includes(state))
          .map((state) => (
            <button
              key={state}
              type="button"
              className="btn btn-sm state-filter"
              data-state={state}
              aria-pressed={filter.states.includes(state)}
              onClick={() => toggleStateFilter(state)}
            >
              {stateLabel(state)} <span className="count">{counts[state]}</span>
            </button>
          ))}
      </div>
    </div>
  );
}
