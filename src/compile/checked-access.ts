/**
 * The item at `index` of `items`, for an index its caller keeps in range (a loop bound, a sorted position): throws a
 * RangeError when there is none, where a cast would have passed `undefined` on. The one cast: narrowing a generic
 * `Item` by `!== undefined` does not give `Exclude<Item, undefined>` in TypeScript.
 */
export function itemAt<Item>(items: ArrayLike<Item>, index: number): Exclude<Item, undefined> {
  const item = items[index];
  if (item === undefined) throw new RangeError(`no item at ${index} of ${items.length}`);
  return item as Exclude<Item, undefined>;
}

/** The own value of `key` in `record`, for a key its caller knows is there: throws a RangeError when it is not. */
export function valueAt<Value>(record: Readonly<Record<string, Value>>, key: string): Value {
  const value = record[key];
  if (value === undefined || !Object.hasOwn(record, key)) throw new RangeError(`no value for ${JSON.stringify(key)}`);
  return value;
}

/** The value of `key` in `map`, for a key its caller knows is there: throws a RangeError when it is not. */
export function mapValueAt<Key, Value>(map: ReadonlyMap<Key, Value>, key: Key): Value {
  const value = map.get(key);
  if (value === undefined) throw new RangeError(`no value for ${String(key)}`);
  return value;
}
