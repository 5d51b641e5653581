import type { Clock } from '../clock.ts';
import { OriginRate } from './originRate.ts';
import { TimerHeap } from './timerHeap.ts';
import { urlParts } from '../http/urlParts.ts';

export type PollQueueLimits = {
  /** Queries in flight at once, across every robot. */
  cap: () => number;
  /** Queries started per second to one origin (one service). */
  perOriginPerSecond: () => number;
  /**
   * Queries started per second across every origin (unlimited when absent):
   * the tracker gives the number of calls it watches, so however they are
   * scheduled no second holds more queries than a client asking each call
   * once a second would send.
   */
  perSecond?: () => number;
};

/** The key under which every origin's starts are counted together. */
const ALL = '';

/** The share of the cap one robot may hold: half, so a robot whose queries hang leaves half to the others. */
function robotShare(cap: number): number {
  return Math.max(1, Math.floor(cap / 2));
}

/**
 * The share of the cap one origin (one service) may hold: all but an eighth
 * (at least one), so however many robots a slow service has, some slots stay
 * free for the other services (two robots at half each once took all 16),
 * and a lone service loses few.
 */
function originShare(cap: number): number {
  return Math.max(1, cap - Math.max(1, Math.floor(cap / 8)));
}

/** The polls of one origin that are due, by robot, and whose turn is next. */
type Lane = { ready: Map<string, string[]>; robots: string[] };

/**
 * When and in what order polls run. Due polls wait in one lane per origin
 * (one service), and within it one queue per robot. Lanes take turns, and
 * robots take turns within their lane, under a global cap on queries in
 * flight: a service with 1,000 waiting calls, or with 50 robots, cannot
 * starve one with a single call. One robot holds at most half the cap at
 * once, and one origin all but an eighth of it, so a robot or a service
 * that trickles its answers cannot take every slot from the others. Each
 * origin is also held to a rate of queries per second (counted over a
 * sliding second): one app once sent ~2,000 queries a second to one service.
 */
export class PollQueue {
  readonly #clock: Clock;
  readonly #heap: TimerHeap;
  readonly #robotOf = new Map<string, string>();
  /** The origin a robot's polls go to, as last told; a robot not yet told is its own lane. */
  readonly #originOf = new Map<string, string>();
  readonly #lanes = new Map<string, Lane>();
  /** Origins with due polls, in turn order. */
  readonly #turns: string[] = [];
  readonly #limits: PollQueueLimits;
  readonly #rate: OriginRate;
  readonly #total: OriginRate;
  readonly #run: (key: string) => Promise<void>;
  #inFlight = 0;
  /** Queries in flight by robot, and by origin (lane). */
  readonly #byRobot = new Map<string, number>();
  readonly #byOrigin = new Map<string, number>();
  #idleWaiters: Array<() => void> = [];
  /** The timer that wakes the queue when a rate-held origin may send again. */
  #wake: { handle: unknown; at: number } | undefined;

  constructor(clock: Clock, limits: PollQueueLimits | (() => number), run: (key: string) => Promise<void>) {
    this.#clock = clock;
    this.#heap = new TimerHeap(clock, (keys) => this.#due(keys));
    this.#limits =
      typeof limits === 'function' ? { cap: limits, perOriginPerSecond: () => Infinity } : limits;
    this.#rate = new OriginRate(() => this.#limits.perOriginPerSecond());
    this.#total = new OriginRate(() => this.#limits.perSecond?.() ?? Infinity);
    this.#run = run;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Poll `key` of `robotId` at `at`; `origin` names the service it goes to, when known. */
  schedule(key: string, robotId: string, at: number, origin?: string): void {
    this.#robotOf.set(key, robotId);
    if (origin !== undefined) this.#originOf.set(robotId, origin);
    this.#heap.schedule(key, at);
  }

  cancel(key: string): void {
    this.#heap.cancel(key);
    this.#robotOf.delete(key);
    // A key already due stays in its ready list; the runner ignores it when
    // the call is no longer being watched.
  }

  clear(): void {
    this.#heap.clear();
    this.#lanes.clear();
    this.#turns.length = 0;
    this.#robotOf.clear();
    this.#disarmWake();
  }

  /** Resolves once no poll is running. */
  idle(): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #due(keys: string[]): void {
    for (const key of keys) {
      const robotId = this.#robotOf.get(key);
      if (robotId === undefined) continue;
      const origin = this.#originOf.get(robotId) ?? robotId;
      let lane = this.#lanes.get(origin);
      if (lane === undefined) {
        lane = { ready: new Map(), robots: [] };
        this.#lanes.set(origin, lane);
        this.#turns.push(origin);
      }
      let list = lane.ready.get(robotId);
      if (list === undefined) {
        list = [];
        lane.ready.set(robotId, list);
        lane.robots.push(robotId);
      }
      list.push(key);
    }
    this.#pump();
  }

  #pump(): void {
    const cap = this.#limits.cap();
    const perRobot = robotShare(cap);
    const perOrigin = originShare(cap);
    const now = this.#clock.now();
    let wakeAt = Number.POSITIVE_INFINITY;
    // Each pass offers every lane with due polls one turn; a lane held by its
    // rate, or whose robots are all at their share, is skipped, not dropped.
    let skipped = 0;
    while (this.#inFlight < cap && this.#turns.length > skipped) {
      const totalAt = this.#total.allowedAt(ALL, now);
      if (totalAt > now) {
        wakeAt = Math.min(wakeAt, totalAt);
        break;
      }
      const origin = this.#turns.shift()!;
      const lane = this.#lanes.get(origin)!;
      const allowedAt = this.#rate.allowedAt(origin, now);
      const robotId =
        allowedAt > now || (this.#byOrigin.get(origin) ?? 0) >= perOrigin
          ? undefined
          : this.#nextRobot(lane, perRobot);
      if (robotId === undefined) {
        if (allowedAt > now) wakeAt = Math.min(wakeAt, allowedAt);
        this.#turns.push(origin);
        skipped++;
        continue;
      }
      skipped = 0;
      const list = lane.ready.get(robotId)!;
      const key = list.shift()!;
      if (list.length > 0) lane.robots.push(robotId);
      else lane.ready.delete(robotId);
      if (lane.robots.length > 0) this.#turns.push(origin);
      else this.#lanes.delete(origin);
      this.#rate.take(origin, now);
      this.#total.take(ALL, now);
      this.#start(key, robotId, origin);
    }
    if (wakeAt !== Number.POSITIVE_INFINITY) this.#armWake(wakeAt, now);
  }

  /** The lane's next robot under its share, taken off the lane's turns; undefined when all are at it. */
  #nextRobot(lane: Lane, perRobot: number): string | undefined {
    for (let i = 0; i < lane.robots.length; i++) {
      const robotId = lane.robots.shift()!;
      if ((this.#byRobot.get(robotId) ?? 0) < perRobot) return robotId;
      lane.robots.push(robotId);
    }
    return undefined;
  }

  #armWake(at: number, now: number): void {
    if (this.#wake !== undefined && this.#wake.at <= at) return;
    this.#disarmWake();
    const handle = this.#clock.setTimer(() => {
      this.#wake = undefined;
      this.#pump();
    }, at - now);
    this.#wake = { handle, at };
  }

  #disarmWake(): void {
    if (this.#wake === undefined) return;
    this.#clock.clearTimer(this.#wake.handle);
    this.#wake = undefined;
  }

  #start(key: string, robotId: string, origin: string): void {
    this.#inFlight++;
    count(this.#byRobot, robotId, 1);
    count(this.#byOrigin, origin, 1);
    void this.#run(key)
      .catch(() => undefined)
      .finally(() => {
        this.#inFlight--;
        count(this.#byRobot, robotId, -1);
        count(this.#byOrigin, origin, -1);
        this.#pump();
        if (this.#inFlight === 0) {
          const waiters = this.#idleWaiters;
          this.#idleWaiters = [];
          for (const resolve of waiters) resolve();
        }
      });
  }
}

/** Adds `by` to the count of `key`, leaving no zero behind. */
function count(counts: Map<string, number>, key: string, by: 1 | -1): void {
  const held = (counts.get(key) ?? 0) + by;
  if (held > 0) counts.set(key, held);
  else counts.delete(key);
}

/** The origin a robot's queries go to, for the per-origin rate; the robot's id when its URL cannot be read. */
export function originGroup(robot: { id: string; baseUrl: string }): string {
  return urlParts(robot.baseUrl)?.origin ?? robot.id;
}
