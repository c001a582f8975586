import { itemAt } from '../../compile/checked-access.js';

/** A number of the expression, and whether it carried the expression's unit. */
interface Term {
  readonly value: number;
  readonly hasUnit: boolean;
}

/** Digits sd-transforms rounds a result to (its `mathFractionDigits` default). */
const FRACTION_DIGITS = 4;
const NUMBER_WITH_UNIT = /(\d+\.?\d*|\.\d+)([a-zA-Z%]+)/g;

/** Whether text is a plain value rather than arithmetic: a number, or one number with one unit. */
export const isPlainValue = (text: string): boolean => /^\s*-?(?:\d+\.?\d*|\.\d+)([a-zA-Z%]*)\s*$/.test(text);

/**
 * The value of Tokens Studio math (`8px * 2`, `(16 / 2)px`, `4 + 1rem`: aliases already replaced by their values) as
 * sd-transforms' `ts/resolveMath` computes it: `px` counts as no unit, one other unit may appear and is written after
 * the result, which is rounded to 4 decimals. Only `+ - * /` and parentheses are read (no `eval`); undefined for
 * anything else, for two units, and where CSS `calc()` refuses the units (`1rem + 2`, `2 / 1rem`), as sd-transforms
 * then leaves the text as written.
 * @example evaluateMath('8px * 2') // '16px'
 */
export function evaluateMath(expression: string): string | number | undefined {
  const hasPx = expression.includes('px');
  const withoutPx = expression.replace(/px/g, '');
  const units = new Set([...withoutPx.matchAll(NUMBER_WITH_UNIT)].map((match) => itemAt(match, 2)));
  if (units.size > 1) return undefined;
  const [unit] = units;
  // With only `*`, sd-transforms drops the unit before computing, so `2rem * 2rem` is 4rem.
  const typed = unit !== undefined && /[/+%-]/.test(withoutPx);
  const result = computeExpression(withoutPx, unit, typed);
  if (result === undefined || !Number.isFinite(result)) return undefined;
  const rounded = Number(result.toFixed(FRACTION_DIGITS));
  const resultUnit = unit ?? (hasPx ? 'px' : '');
  return resultUnit === '' ? rounded : `${rounded}${resultUnit}`;
}

/** A recursive-descent reading of `+ - * /`, unary minus and parentheses over numbers (with `unit` when given). */
function computeExpression(text: string, unit: string | undefined, typed: boolean): number | undefined {
  const tokens = text.match(/\d+\.?\d*(?:[a-zA-Z%]+)?|\.\d+(?:[a-zA-Z%]+)?|[-+*/()]|\S/g) ?? [];
  let position = 0;
  const peek = (): string | undefined => tokens[position];
  const fail = (): never => {
    throw new RangeError('not arithmetic');
  };

  const primary = (): Term => {
    const token = tokens[position++];
    if (token === '(') {
      const inner = sum();
      if (tokens[position++] !== ')') fail();
      return inner;
    }
    if (token === '-' || token === '+') {
      const operand = primary();
      return { value: token === '-' ? -operand.value : operand.value, hasUnit: operand.hasUnit };
    }
    const match = token === undefined ? null : /^(\d+\.?\d*|\.\d+)([a-zA-Z%]*)$/.exec(token);
    if (match === null) return fail();
    const suffix = itemAt(match, 2);
    if (suffix !== '' && suffix !== unit) fail();
    return { value: Number(match[1]), hasUnit: typed && suffix !== '' };
  };
  const product = (): Term => {
    let left = primary();
    while (peek() === '*' || peek() === '/') {
      const operator = tokens[position++];
      const right = primary();
      if (operator === '*' && left.hasUnit && right.hasUnit) fail();
      if (operator === '/' && right.hasUnit) fail();
      left = { value: operator === '*' ? left.value * right.value : left.value / right.value, hasUnit: left.hasUnit || right.hasUnit };
    }
    return left;
  };
  const sum = (): Term => {
    let left = product();
    while (peek() === '+' || peek() === '-') {
      const operator = tokens[position++];
      const right = product();
      if (left.hasUnit !== right.hasUnit) fail();
      left = { value: operator === '+' ? left.value + right.value : left.value - right.value, hasUnit: left.hasUnit };
    }
    return left;
  };

  try {
    const result = sum();
    return position === tokens.length ? result.value : undefined;
  } catch (error) {
    if (error instanceof RangeError) return undefined;
    throw error;
  }
}
