/** The style names of the usual static font instances by weight (Inter, Roboto and most families on Google Fonts). */
const STYLE_BY_WEIGHT: Readonly<Record<number, string>> = {
  100: 'Thin',
  200: 'Extra Light',
  300: 'Light',
  400: 'Regular',
  500: 'Medium',
  600: 'Semi Bold',
  700: 'Bold',
  800: 'Extra Bold',
  900: 'Black',
};

/** The font style a weight is loaded with (`600` is `Semi Bold`); a weight between the hundreds takes the nearest. */
export function fontStyleOf(weight: number): string {
  const nearest = Math.min(900, Math.max(100, Math.round(weight / 100) * 100));
  return STYLE_BY_WEIGHT[nearest] ?? 'Regular';
}
