/**
 * A schema built the first time it is used rather than when its module loads.
 * Building zod schemas was the largest part of loading the core, and most
 * commands (`robot-tray fire` above all) never use most schemas: the preset,
 * import, export and diagnosis ones are built only by what reads or checks
 * those. The value stands for the schema everywhere (parse, extend, shape, a
 * member of another schema, instanceof); its type is the schema's own.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(schema(), key),
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // A proxy may not report a property its own (empty) target lacks as fixed.
      if (descriptor !== undefined) descriptor.configurable = true;
      return descriptor;
    },
  });
}
