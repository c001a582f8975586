import { itemAt, valueAt } from '../compile/checked-access.js';
import { splitCss } from './css-words.js';
import type { CssRead } from './css-words.js';

/** A gradient as our format writes it: stops `{ color, position }` (position 0–1, a `{reference}` color kept) and an angle in degrees. */
export interface CssGradient {
  readonly angle: number;
  readonly stops: readonly { readonly color: string; readonly position: number }[];
}

const ANGLE = /^(-?(?:\d+\.?\d*|\.\d+))(deg|grad|rad|turn)$/i;
const DEGREES_PER: Readonly<Record<string, number>> = { deg: 1, grad: 0.9, rad: 180 / Math.PI, turn: 360 };
const SIDES: Readonly<Record<string, number>> = { top: 0, right: 90, bottom: 180, left: 270 };
const CORNERS: Readonly<Record<string, number>> = { 'top right': 45, 'bottom right': 135, 'bottom left': 225, 'top left': 315 };
const PERCENT = /^-?(?:\d+\.?\d*|\.\d+)%$/;
const LENGTH = /^-?(?:\d+\.?\d*|\.\d+)[a-z]+$/i;
const rounded = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * A CSS `linear-gradient()` as its angle (CSS's default `to bottom` is 180; `to right` 90; a corner with loss) and its
 * stops at 0–1. Stops without a position are placed as CSS places them (the first at 0%, the last at 100%, others
 * evenly between their neighbours; a position below an earlier one is raised to it); a stop with two positions is two
 * stops. Another kind of gradient, several layered, a stop in a length, a color hint or `in <space>` is a problem.
 * @example parseCssGradient('linear-gradient(90deg, #000, {color.x} 100%)') // { value: { angle: 90, stops: [{ color: '#000', position: 0 }, { color: '{color.x}', position: 1 }] }, lossy: [] }
 */
export function parseCssGradient(text: string): CssRead<CssGradient> {
  const layers = splitCss(text.trim(), ',');
  if (layers.length > 1) return { problem: `${layers.length} gradients layered (a gradient token is one)` };
  const call = /^([a-z-]+)\(([\s\S]*)\)$/i.exec(text.trim());
  if (call === null) return { problem: 'not a `linear-gradient()`' };
  const name = itemAt(call, 1).toLowerCase();
  if (name !== 'linear-gradient') return { problem: `a \`${name}()\` (ours are linear)` };
  const args = splitCss(itemAt(call, 2), ',');
  const lossy: string[] = [];
  let angle = 180;
  const first = splitCss(args[0] ?? '', ' ');
  const interpolation = first.indexOf('in');
  if (interpolation >= 0) return { problem: `interpolation \`${first.slice(interpolation).join(' ')}\` (ours mix in sRGB)` };
  const direction = first.join(' ').toLowerCase();
  const written = ANGLE.exec(direction);
  if (written !== null) {
    angle = rounded(Number(written[1]) * valueAt(DEGREES_PER, itemAt(written, 2).toLowerCase()));
    args.shift();
  } else if (direction === '0') args.shift();
  else if (direction.startsWith('to ')) {
    const side = direction.slice(3);
    const corner = CORNERS[side] ?? CORNERS[side.split(' ').reverse().join(' ')];
    const sideAngle = Object.hasOwn(SIDES, side) ? SIDES[side] : undefined;
    if (sideAngle !== undefined) angle = sideAngle;
    else if (corner !== undefined) {
      angle = corner;
      lossy.push(
        `the direction \`${first.join(' ')}\` is written as ${corner}deg (the angle CSS takes for a corner depends on the box; ${corner}deg is a square’s)`,
      );
    } else return { problem: `the direction \`${first.join(' ')}\` is not a side or a corner` };
    args.shift();
  }

  const stops: { color: string; position: number | undefined }[] = [];
  for (const arg of args) {
    const [color, ...positions] = splitCss(arg, ' ') as [string, ...string[]];
    if (PERCENT.test(color) || color === '0') return { problem: `a color hint \`${color}\` (ours go straight from stop to stop)` };
    if (positions.length > 2) return { problem: `the stop \`${arg}\` has ${positions.length} positions (a stop has one or two)` };
    if (positions.length === 0) stops.push({ color, position: undefined });
    for (const position of positions) {
      const fraction = position === '0' ? 0 : PERCENT.test(position) ? Number(position.slice(0, -1)) / 100 : undefined;
      if (fraction === undefined || fraction < 0 || fraction > 1) {
        return { problem: `a stop at \`${position}\` (ours are at 0% to 100% of the gradient)` };
      }
      if (LENGTH.test(color)) return { problem: `\`${color}\` is not a color` };
      stops.push({ color, position: fraction });
    }
  }
  if (stops.length < 2) return { problem: `${stops.length === 0 ? 'no stop' : 'one stop'} (a gradient has two or more)` };
  return { value: { angle, stops: placed(stops) }, lossy };
}

/** Stops at the positions CSS gives them: the first at 0, the last at 1, runs between known ones evenly, none below an earlier one. */
function placed(stops: readonly { color: string; position: number | undefined }[]): { color: string; position: number }[] {
  const positions = stops.map((stop) => stop.position);
  if (positions[0] === undefined) positions[0] = 0;
  if (positions.at(-1) === undefined) positions[positions.length - 1] = 1;
  let highest = 0;
  for (let index = 0; index < positions.length; index += 1) {
    const position = positions[index];
    if (position !== undefined) {
      highest = Math.max(highest, position);
      positions[index] = highest;
      continue;
    }
    let next = index;
    while (positions[next] === undefined) next += 1;
    const start = highest;
    const end = Math.max(highest, itemAt(positions, next));
    for (let between = index; between < next; between += 1)
      positions[between] = start + ((end - start) * (between - index + 1)) / (next - index + 1);
  }
  return stops.map((stop, index) => ({ color: stop.color, position: rounded(itemAt(positions, index)) }));
}
