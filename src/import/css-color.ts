import Color from 'colorjs.io';

/**
 * Any CSS color colorjs.io reads, as sRGB text we read (`#rrggbb`, or `rgba()` with the alpha at 4 decimals when
 * translucent), mapped into the sRGB gamut first; undefined when colorjs.io cannot read it.
 * @example srgbText('lch(54.291 106.84 40.858)') // '#ff0000'
 */
export function srgbText(text: string): string | undefined {
  let color: Color;
  try {
    color = new Color(text).to('srgb').toGamut();
  } catch {
    return undefined;
  }
  const byte = (channel: number): number => Math.round(Math.min(1, Math.max(0, channel || 0)) * 255);
  const [red, green, blue] = [byte(color.coords[0]), byte(color.coords[1]), byte(color.coords[2])];
  const alpha = Number(color.alpha);
  if (alpha >= 1) return `#${[red, green, blue].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
  return `rgba(${red}, ${green}, ${blue}, ${Number(alpha.toFixed(4))})`;
}
