// CIEDE2000 on Lab coordinates computed once, step for step as colorjs.io 0.5 computes `deltaE2000` (so the same
// colors give the same bits): colorjs converts both colors to Lab on every call, which made one
// `find_token_for_value` over 100,000 values take seconds.

const G_FACTOR = 25 ** 7;
const R2D = 180 / Math.PI;
const D2R = Math.PI / 180;

function pow7(x: number): number {
  const x2 = x * x;
  return x2 * x2 * x2 * x;
}

/** A color's CIE Lab (D50, as colorjs.io's `lab`) and its chroma, as `deltaE2000Of` takes them. */
export interface LabColor {
  readonly l: number;
  readonly a: number;
  readonly b: number;
  readonly chroma: number;
}

/** The chroma of Lab `a`, `b`, as colorjs.io's `lch` computes it. */
export function chromaOf(a: number, b: number): number {
  return Math.sqrt(a ** 2 + b ** 2);
}

/**
 * CIEDE2000 of `sample` against the reference `color` (kL = kC = kH = 1), equal to colorjs.io's
 * `new Color(color).deltaE2000(sample)`.
 * @example deltaE2000Of(lab(#000000), lab(#FFFFFF)) // 100
 */
export function deltaE2000Of(l1: number, a1: number, b1: number, chroma1: number, sample: LabColor): number {
  const { l: l2, a: a2, b: b2 } = sample;
  const c1 = chroma1 < 0 ? 0 : chroma1;
  const c2 = sample.chroma < 0 ? 0 : sample.chroma;
  const cBar = (c1 + c2) / 2;
  const c7 = pow7(cBar);
  const g = 0.5 * (1 - Math.sqrt(c7 / (c7 + G_FACTOR)));
  const adash1 = (1 + g) * a1;
  const adash2 = (1 + g) * a2;
  const cdash1 = Math.sqrt(adash1 ** 2 + b1 ** 2);
  const cdash2 = Math.sqrt(adash2 ** 2 + b2 ** 2);
  let h1 = adash1 === 0 && b1 === 0 ? 0 : Math.atan2(b1, adash1);
  let h2 = adash2 === 0 && b2 === 0 ? 0 : Math.atan2(b2, adash2);
  if (h1 < 0) h1 += 2 * Math.PI;
  if (h2 < 0) h2 += 2 * Math.PI;
  h1 *= R2D;
  h2 *= R2D;
  const dL = l2 - l1;
  const dC = cdash2 - cdash1;
  const hdiff = h2 - h1;
  const hsum = h1 + h2;
  const habs = Math.abs(hdiff);
  let dh = 0;
  if (cdash1 * cdash2 === 0) dh = 0;
  else if (habs <= 180) dh = hdiff;
  else if (hdiff > 180) dh = hdiff - 360;
  else if (hdiff < -180) dh = hdiff + 360;
  const dH = 2 * Math.sqrt(cdash2 * cdash1) * Math.sin((dh * D2R) / 2);
  const ldash = (l1 + l2) / 2;
  const cdash = (cdash1 + cdash2) / 2;
  const cdash7 = pow7(cdash);
  let hdash: number;
  if (cdash1 * cdash2 === 0) hdash = hsum;
  else if (habs <= 180) hdash = hsum / 2;
  else if (hsum < 360) hdash = (hsum + 360) / 2;
  else hdash = (hsum - 360) / 2;
  const lsq = (ldash - 50) ** 2;
  const sl = 1 + (0.015 * lsq) / Math.sqrt(20 + lsq);
  const sc = 1 + 0.045 * cdash;
  let t = 1;
  t -= 0.17 * Math.cos((hdash - 30) * D2R);
  t += 0.24 * Math.cos(2 * hdash * D2R);
  t += 0.32 * Math.cos((3 * hdash + 6) * D2R);
  t -= 0.2 * Math.cos((4 * hdash - 63) * D2R);
  const sh = 1 + 0.015 * cdash * t;
  const dTheta = 30 * Math.exp(-1 * ((hdash - 275) / 25) ** 2);
  const rc = 2 * Math.sqrt(cdash7 / (cdash7 + G_FACTOR));
  const rt = -1 * Math.sin(2 * dTheta * D2R) * rc;
  let dE = (dL / sl) ** 2;
  dE += (dC / sc) ** 2;
  dE += (dH / sh) ** 2;
  dE += rt * (dC / sc) * (dH / sh);
  return Math.sqrt(dE);
}

/**
 * The largest SL of CIEDE2000 (at a mean lightness of 0 or 100): every deltaE 2000 is at least |ΔL| / this, since the
 * chroma and hue terms together never go below zero (|RT| < 2).
 */
export const MAX_LIGHTNESS_WEIGHT = 1 + (0.015 * 2500) / Math.sqrt(20 + 2500);
