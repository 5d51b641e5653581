import { BaseUrl } from '../../../../shared/models/robot.ts';
import { baseUrlFrom, droppedQuery, robotAddresses } from '../../../../shared/models/robotUrls.ts';
import { visibleText } from '../../../../shared/visibleText.ts';

const pastedAs = { trigger: 'the trigger URL', query: 'the query URL' } as const;

/** The addresses this robot's calls will use, shown before it is saved, from whatever was pasted. */
export function RobotAddresses({ typed }: { typed: string }) {
  const pasted = baseUrlFrom(typed);
  const base = BaseUrl.safeParse(pasted.baseUrl);
  if (!base.success) return null;
  const { trigger, query } = robotAddresses(base.data);
  const dropped = droppedQuery(typed);
  return (
    <div className="robot-addresses small" data-testid="robot-addresses" aria-live="polite">
      {pasted.kind !== 'base' && (
        <p>
          Base <code>{base.data}</code>, taken from {pastedAs[pasted.kind]} you pasted.
        </p>
      )}
      {dropped !== null && (
        <p data-testid="dropped-query">
          Its query string <code>{visibleText(dropped.query)}</code> is not part of the address and is left
          out: arguments for a call ({visibleText(dropped.names.join(', '))}) go in a preset.
        </p>
      )}
      <dl>
        <dt>Calls go to</dt>
        <dd>
          <code data-testid="trigger-url">{trigger}</code>
        </dd>
        <dt>Results are read from</dt>
        <dd>
          <code data-testid="query-url">{query}</code>
        </dd>
      </dl>
    </div>
  );
}
