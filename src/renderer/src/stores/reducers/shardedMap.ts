/**
 * A read-only map whose copy with a few entries changed costs those entries,
 * not the whole: its entries sit in 4,096 small maps by a hash of the key,
 * and a change copies only the small maps it touches. The calls list takes
 * 2,000 changes a second over a 100,000-call history; copying a Map of
 * 100,000 entries for each batch of them held the window's main thread
 * 10-50 ms ten times a second.
 */
const SHARDS = 4096;

function shardOf(key: string): number {
  // FNV-1a over the key's characters.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return (h >>> 0) & (SHARDS - 1);
}

const none: ReadonlyMap<string, never> = new Map<string, never>();

export class ShardedMap<V> implements ReadonlyMap<string, V> {
  readonly #shards: ReadonlyArray<ReadonlyMap<string, V>>;
  readonly size: number;

  private constructor(shards: ReadonlyArray<ReadonlyMap<string, V>>, size: number) {
    this.#shards = shards;
    this.size = size;
  }

  static empty<V>(): ShardedMap<V> {
    return new ShardedMap<V>(new Array<ReadonlyMap<string, V>>(SHARDS).fill(none), 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): ShardedMap<V> {
    return ShardedMap.empty<V>().with(entries);
  }

  get(key: string): V | undefined {
    return this.#shards[shardOf(key)]!.get(key);
  }

  has(key: string): boolean {
    return this.#shards[shardOf(key)]!.has(key);
  }

  /** A copy with `entries` set (later ones win); this map stays as it was. */
  with(entries: Iterable<readonly [string, V]>): ShardedMap<V> {
    const shards = this.#shards.slice();
    const copied = new Set<number>();
    let size = this.size;
    for (const [key, value] of entries) {
      const s = shardOf(key);
      if (!copied.has(s)) {
        shards[s] = new Map(shards[s]);
        copied.add(s);
      }
      const shard = shards[s] as Map<string, V>;
      if (!shard.has(key)) size++;
      shard.set(key, value);
    }
    return copied.size === 0 ? this : new ShardedMap(shards, size);
  }

  *entries(): MapIterator<[string, V]> {
    for (const shard of this.#shards) if (shard.size > 0) yield* shard.entries();
  }

  *keys(): MapIterator<string> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[string, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: string, map: ReadonlyMap<string, V>) => void): void {
    for (const [key, value] of this.entries()) callback(value, key, this);
  }
}
