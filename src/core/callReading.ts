import {
  type Call,
  type CallDetail,
  CallFilter,
  callDetail,
  type ResponseStart,
} from '../shared/models/call.ts';
import {
  type CallSummary,
  type ListedCall,
  listedCall,
  summarizeCall,
} from '../shared/models/callSummary.ts';
import { MAX_STATS_DAYS, RunStatsQuery, type RunStats } from '../shared/models/runStats.ts';
import type { Catalog } from './catalog.ts';
import { AppError, notFound, parseInput } from './errors.ts';
import type { CallHistory } from './store/callHistory.ts';
import { responseStartOf } from './store/responseStart.ts';
import type { CallTracker } from './tracker/callTracker.ts';

const DAY_MS = 86_400_000;

/**
 * Calls as AppCore reads them: a page for a list, one call by any id people
 * have, its detail and the start of its response, and run statistics. The
 * history holds what happened; the tracker holds the calls this process is
 * sending or watching, which win over it. Each call carries its robot's
 * name now, so a renamed robot's calls read the same everywhere.
 */
export class CallReading {
  readonly #catalog: Catalog;
  readonly #history: CallHistory;
  readonly #tracker: CallTracker;

  constructor(parts: { catalog: Catalog; history: CallHistory; tracker: CallTracker }) {
    this.#catalog = parts.catalog;
    this.#history = parts.history;
    this.#tracker = parts.tracker;
  }

  /** One page of calls as lists show them: their responses are never read. */
  list(filter: unknown = {}): ListedCall[] {
    const f = parseInput(CallFilter, filter, 'filter');
    const names = this.#catalog.robotNames();
    return this.#history.list(f).map((c) => {
      const live = this.#tracker.live(c.id);
      return withNameNow(live === undefined ? c : listedCall(live), names);
    });
  }

  /**
   * A call as the window, the tray and the CLI's lists see it: no arguments,
   * no response, its robot's name now (a renamed robot's calls read the same
   * everywhere), and how long such calls usually run.
   */
  summary(call: Call | ListedCall): CallSummary {
    const summary = withNameNow(summarizeCall(call), this.#catalog.robotNames());
    const usual = this.#tracker.usualFor(call);
    return usual === undefined ? summary : { ...summary, usual };
  }

  /** A call by its local id, as this process knows it now; undefined when there is none. */
  find(id: string): Call | undefined {
    const stored = this.#history.get(id);
    return stored === undefined ? undefined : (this.#tracker.live(stored.id) ?? stored);
  }

  /**
   * A call by local id, by the service's webhookCallId, or by the first
   * characters of its local id (at least 4) when only one call has them.
   */
  get(idOrWebhookCallId: string): Call {
    const history = this.#history;
    const stored =
      history.get(idOrWebhookCallId) ??
      history.getByWebhookCallId(idOrWebhookCallId) ??
      this.#byIdPrefix(idOrWebhookCallId);
    if (stored === undefined)
      throw notFound(`Call "${idOrWebhookCallId}"`, 'It may have been pruned or forgotten.');
    return this.#tracker.live(stored.id) ?? stored;
  }

  /**
   * A call as the window reads it, its response as exact JSON text. The
   * history hands the text over as stored, so a 20 MB response is neither
   * parsed nor written out again here.
   */
  detail(idOrWebhookCallId: string): CallDetail {
    const id = this.#history.idOf(idOrWebhookCallId) ?? this.get(idOrWebhookCallId).id;
    const live = this.#tracker.live(id);
    if (live !== undefined) return callDetail(live);
    return this.#history.getDetail(id) ?? callDetail(this.get(id));
  }

  /**
   * The first `chars` characters of a call's response and the whole's size,
   * or null when it holds none: what the window shows while the whole
   * response (see detail) is on its way. A stored response is cut by SQLite,
   * never read whole here.
   */
  responseStart(idOrWebhookCallId: string, chars: number): ResponseStart | null {
    const id = this.#history.idOf(idOrWebhookCallId) ?? this.get(idOrWebhookCallId).id;
    const live = this.#tracker.live(id);
    const stored = live === undefined ? this.#history.responseStart(id, chars) : undefined;
    if (stored !== undefined) return stored;
    const text = callDetail(live ?? this.get(id)).responseJson;
    return text === undefined ? null : responseStartOf(text, chars);
  }

  /**
   * The call the window shows now (null: none): no prune, in any process,
   * removes it while the window keeps saying so (see viewedCalls.ts). A
   * hint: a history that cannot be written just does not keep it.
   */
  showing(id: string | null): void {
    try {
      this.#history.showing(id);
    } catch {
      // Read-only or locked: the next word from the window tries again.
    }
  }

  #byIdPrefix(prefix: string): Call | undefined {
    if (prefix.length < 4) return undefined;
    const found = this.#history.findByIdPrefix(prefix);
    if (found.length > 1) {
      throw new AppError('validation', `"${prefix}" starts more than one call's id; give more of the id.`);
    }
    return found[0];
  }

  /**
   * A robot's or preset's run statistics over a period ending now unless
   * it says (see store/runStats.ts); a period past MAX_STATS_DAYS days, or
   * one that ends before it starts, is refused naming what to change.
   */
  stats(query: unknown, now: number): RunStats {
    const q = parseInput(RunStatsQuery, query, 'statistics');
    const until = q.until ?? now;
    if (until <= q.since)
      throw new AppError(
        'validation',
        'statistics: the period ends before it starts; choose an earlier start.',
      );
    if (until - q.since > MAX_STATS_DAYS * DAY_MS)
      throw new AppError(
        'validation',
        `statistics: the period spans more than ${MAX_STATS_DAYS.toString()} days; choose a later start.`,
      );
    const scope = { robotId: q.robotId, presetId: q.presetId };
    return this.#history.runStats(scope, q.since, until, q.points ?? 0);
  }
}

/** The call with its robot's name now; a removed robot's calls keep the name stored when they were fired. */
function withNameNow<C extends { robotId: string; robotName: string }>(
  call: C,
  names: ReadonlyMap<string, string>,
): C {
  const now = names.get(call.robotId);
  return now === undefined || now === call.robotName ? call : { ...call, robotName: now };
}
