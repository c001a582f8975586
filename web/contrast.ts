import { el, setStyle } from './dom.js';
import { valueInMode } from './model.js';
import type { ApiContrast, ApiContrastModeResult, ApiContrastPair, Mode, TokenView } from './model.js';

const KIND_TEXT: Readonly<Record<ApiContrastPair['kind'], string>> = {
  text: 'text',
  'large-text': 'large text',
  'non-text': 'non-text',
};

/** What a pair must meet, as one line: `text · AA`, `text · AAA · large by typography.heading`, `… · warning only`. */
export function requirementOf(pair: ApiContrastPair): string {
  return [
    KIND_TEXT[pair.kind],
    pair.level,
    ...(pair.typography === null ? [] : [`large by ${pair.typography}`]),
    ...(pair.severity === 'warning' ? ['warning only'] : []),
  ].join(' · ');
}

/** `Contrast of 11 pairs in 2 modes (WCAG 2.2): all pass` or `…: 1 of 24 fail`. */
export function captionOf(answer: ApiContrast, modes: readonly Mode[]): string {
  const checks = answer.pairs.flatMap((pair) => Object.values(pair.modes));
  const failing = checks.filter((check) => !check.pass).length;
  const pairs = `${answer.pairs.length} pair${answer.pairs.length === 1 ? '' : 's'}`;
  return `Contrast of ${pairs} in ${modes.length} modes (WCAG 2.2): ${failing === 0 ? 'all pass' : `${failing} of ${checks.length} fail`}`;
}

/**
 * The pair's two colors in one mode, as a picture with a name: the background over the mode's default surface (white
 * in a light-scheme mode, black in a dark one) with a bar of the foreground on it. No text in it, so it is no
 * contrast failure of the page's own.
 */
function swatchOf(pair: ApiContrastPair, mode: Mode, tokens: ReadonlyMap<string, TokenView>): HTMLElement {
  const colorOf = (key: string): string => {
    const token = tokens.get(key);
    return token === undefined ? '' : valueInMode(token, mode.name);
  };
  const foreground = colorOf(pair.foreground);
  const background = colorOf(pair.background);
  const bar = el('span', { className: 'contrast-swatch-fg' });
  setStyle(bar, 'background-color', foreground);
  const fill = el('span', { className: 'contrast-swatch-bg' }, [bar]);
  setStyle(fill, 'background-color', background);
  return el(
    'span',
    {
      className: `contrast-swatch contrast-swatch-${mode.scheme}`,
      attrs: { role: 'img', 'aria-label': `${pair.foreground} ${foreground} on ${pair.background} ${background}` },
    },
    [fill],
  );
}

/** One mode's cell: the swatch, the ratio, Pass or Fail in words (the color and the mark only repeat it), what it needs, APCA. */
function cellOf(
  pair: ApiContrastPair,
  mode: Mode,
  result: ApiContrastModeResult | undefined,
  tokens: ReadonlyMap<string, TokenView>,
): HTMLElement {
  if (result === undefined) {
    return el('td', { className: 'contrast-cell', attrs: { 'data-mode': mode.name } }, [
      el('span', { className: 'needs', text: 'not checked: not a color in this mode' }),
    ]);
  }
  const verdict = result.pass ? 'pass' : 'fail';
  return el('td', { className: `contrast-cell ${verdict}`, attrs: { 'data-mode': mode.name } }, [
    el('div', { className: 'contrast-cell-body' }, [
      swatchOf(pair, mode, tokens),
      el('span', { className: 'contrast-result' }, [
        el('strong', { className: 'ratio', text: `${result.ratio.toFixed(2)}:1` }),
        document.createTextNode(' '),
        el('span', { className: 'verdict-line' }, [
          el('span', { className: 'mark', text: result.pass ? '✓' : '✗', attrs: { 'aria-hidden': 'true' } }),
          el('span', { className: 'verdict', text: result.pass ? 'Pass' : 'Fail' }),
        ]),
      ]),
      el('span', { className: 'needs', text: `needs ${result.required}:1` }),
      el('span', { className: 'apca', text: `APCA Lc ${result.apca}` }),
    ]),
  ]);
}

/**
 * The pair view: a table of every declared pair (row headings) in every mode (column headings), each cell its ratio,
 * pass or fail and the ratio required; nothing at all (the section hidden) when the design system declares no pairs.
 */
export function renderContrast(
  section: HTMLElement,
  target: HTMLElement,
  answer: ApiContrast | undefined,
  modes: readonly Mode[],
  views: readonly TokenView[],
): void {
  if (answer === undefined || answer.pairs.length === 0) {
    section.hidden = true;
    target.replaceChildren();
    return;
  }
  const tokens = new Map(views.map((view) => [view.key, view]));
  const head = el('tr', {}, [
    el('th', { text: 'Pair', attrs: { scope: 'col' } }),
    el('th', { text: 'Requirement', attrs: { scope: 'col' } }),
    ...modes.map((mode) => el('th', { text: mode.name, attrs: { scope: 'col', 'data-mode': mode.name } })),
  ]);
  const rows = answer.pairs.map((pair) =>
    el('tr', { attrs: { 'data-pair': pair.name } }, [
      el('th', { attrs: { scope: 'row' } }, [
        el('span', { className: 'pair-name', text: pair.name }),
        el('code', { className: 'pair-tokens', text: `${pair.foreground} on ${pair.background}` }),
      ]),
      el('td', { className: 'requirement', text: requirementOf(pair) }),
      ...modes.map((mode) => cellOf(pair, mode, pair.modes[mode.name], tokens)),
    ]),
  );
  target.replaceChildren(
    el('table', { className: 'contrast-table' }, [
      el('caption', { text: captionOf(answer, modes) }),
      el('thead', {}, [head]),
      el('tbody', {}, rows),
    ]),
  );
  section.hidden = false;
}
