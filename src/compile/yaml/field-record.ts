/** What every field record inherits from: nothing, so a field named `constructor` or `__proto__` is a plain field. */
const NO_INHERITED_FIELDS: object = Object.freeze(Object.create(null) as object);

/**
 * An empty record of fields by name in which any key is a plain field, as in `Object.create(null)`. Unlike that,
 * V8 keeps it a fast object (an object without a prototype is a dictionary from the start, several times slower to
 * enumerate): tokens' fields are read and enumerated a few times each per compile.
 */
export function newFieldRecord<Value>(): Record<string, Value> {
  return Object.create(NO_INHERITED_FIELDS) as Record<string, Value>;
}
