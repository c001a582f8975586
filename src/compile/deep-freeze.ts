/**
 * `value` frozen, with every object and array under it; what is frozen already is skipped (shared values are frozen
 * once). The compiler freezes each token as it builds it: the reducer's generic deep freeze (immer's) then stops at
 * the token list instead of walking 10,000 tokens' values, a measured fifth of a cold compile.
 */
export function deepFreeze<Value>(value: Value): Value {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (Array.isArray(value)) for (const item of value) deepFreeze(item);
  else for (const key in value) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
