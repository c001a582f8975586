import type { CompiledDesignSystem } from '../../compile/types.js';

/**
 * `derive` remembered per compiled system (a compiled system never changes, so what is derived from it holds for its
 * life, and goes with it). For what several exports of one system derive alike: names, trees, printed mode objects.
 * @example const wordsOf = perSystem((system) => system.tokens.map((token) => wordsOfKey(token.key)));
 */
export function perSystem<Value>(derive: (system: CompiledDesignSystem) => Value): (system: CompiledDesignSystem) => Value {
  const remembered = new WeakMap<CompiledDesignSystem, Value>();
  return (system) => {
    if (remembered.has(system)) return remembered.get(system) as Value;
    const value = derive(system);
    remembered.set(system, value);
    return value;
  };
}

/** {@link perSystem} for what is derived per system and key (a mode name, say). */
export function perSystemAndKey<Value>(
  derive: (system: CompiledDesignSystem, key: string) => Value,
): (system: CompiledDesignSystem, key: string) => Value {
  const byKey = perSystem(() => new Map<string, Value>());
  return (system, key) => {
    const remembered = byKey(system);
    if (remembered.has(key)) return remembered.get(key) as Value;
    const value = derive(system, key);
    remembered.set(key, value);
    return value;
  };
}
