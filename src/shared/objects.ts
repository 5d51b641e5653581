/** A copy of `value` without the keys whose value is undefined, so a patch cannot erase fields. */
export function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
