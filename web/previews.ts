import { el, setStyle, svg } from './dom.js';
import { valueInMode } from './model.js';
import type { Mode, TokenView } from './model.js';

/** `var(--name, <light value>)`: follows the design system's own CSS (in the mode the page shows) the page has adopted. */
function themed(token: TokenView): string {
  return `var(${token.cssName}, ${token.light})`;
}

function swatch(color: string, mode: string, current: boolean): HTMLElement {
  const element = el('span', {
    className: `swatch swatch-${mode}${current ? ' current' : ''}`,
    attrs: { 'data-swatch': mode, title: `${mode} ${color}` },
  });
  setStyle(element, 'background-color', color);
  return element;
}

function easingCurve(token: TokenView): Element {
  const points = token.easing;
  const box = svg('svg', { viewBox: '-8 -28 116 156', class: 'curve', focusable: 'false' });
  box.append(svg('path', { d: 'M0 100 L100 0', class: 'curve-diagonal' }));
  if (points !== undefined) {
    const [x1, y1, x2, y2] = points;
    // Two decimals: `0.58 * 100` is 57.99999999999999 in floating point.
    const at = (point: number): number => Math.round(point * 10_000) / 100;
    box.append(svg('path', { d: `M0 100 C${at(x1)} ${at(1 - y1)} ${at(x2)} ${at(1 - y2)} 100 0`, class: 'curve-line' }));
  }
  return box;
}

function movingDot(duration: string, easing: string): HTMLElement {
  const dot = el('span', { className: 'dot' });
  setStyle(dot, 'animation-duration', duration);
  setStyle(dot, 'animation-timing-function', easing);
  return el('span', { className: 'track' }, [dot]);
}

/**
 * A token rendered as what it is: a swatch per mode, a bar, a box, a text sample, a card, a curve, a moving dot; all
 * but the swatches follow the mode the page shows through the adopted CSS export.
 */
export function renderPreview(token: TokenView, modes: readonly Mode[], currentMode: string): HTMLElement {
  const preview = el('div', { className: `preview preview-${token.type.replace('.', '-')}`, attrs: { 'aria-hidden': 'true' } });
  const value = themed(token);
  switch (token.type) {
    case 'color':
      preview.append(...modes.map((mode) => swatch(valueInMode(token, mode.name), mode.name, mode.name === currentMode)));
      break;
    case 'spacing':
    case 'dimension': {
      const bar = el('span', { className: 'bar' });
      setStyle(bar, 'width', value);
      preview.append(bar);
      break;
    }
    case 'radius': {
      const box = el('span', { className: 'radius-box' });
      setStyle(box, 'border-radius', value);
      preview.append(box);
      break;
    }
    case 'shadow': {
      const card = el('span', { className: 'shadow-card' });
      setStyle(card, 'box-shadow', value);
      preview.append(card);
      break;
    }
    case 'opacity': {
      const square = el('span', { className: 'opacity-square' });
      setStyle(square, 'opacity', value);
      preview.append(square);
      break;
    }
    case 'duration':
      preview.append(movingDot(value, 'ease-in-out'));
      break;
    case 'easing':
      preview.append(easingCurve(token), movingDot('1200ms', value));
      break;
    case 'font.size':
    case 'font.family':
    case 'font.weight':
    case 'font.lineHeight':
    case 'font.letterSpacing': {
      const property = {
        'font.size': 'font-size',
        'font.family': 'font-family',
        'font.weight': 'font-weight',
        'font.lineHeight': 'line-height',
        'font.letterSpacing': 'letter-spacing',
      }[token.type];
      const sample = el('span', {
        className: 'text-sample',
        text: token.type === 'font.lineHeight' ? 'Line one\nLine two' : token.type === 'font.letterSpacing' ? 'TRACKING' : 'Aa Bb 123',
      });
      setStyle(sample, property, value);
      preview.append(sample);
      break;
    }
    case 'z-index':
      preview.append(el('span', { className: 'layers' }, [el('span'), el('span'), el('span')]));
      break;
    case 'typography': {
      const sample = el('span', { className: 'text-sample', text: 'Aa Bb 123' });
      setStyle(sample, 'font', value);
      preview.append(sample);
      break;
    }
    case 'border':
    case 'strokeStyle': {
      const box = el('span', { className: 'radius-box' });
      if (token.type === 'border') setStyle(box, 'border', value);
      else setStyle(box, 'border', `2px ${value} currentColor`);
      preview.append(box);
      break;
    }
    case 'gradient': {
      const box = el('span', { className: 'radius-box' });
      setStyle(box, 'background-image', value);
      preview.append(box);
      break;
    }
    case 'transition': {
      // `<duration> <timing-function> <delay>`: the dot moves with the duration and the curve.
      const [duration = '0ms', ...rest] = token.light.split(' ');
      preview.append(movingDot(duration, rest.slice(0, -1).join(' ') || 'ease'));
      break;
    }
    case 'boolean':
      preview.append(
        el('span', { className: `flag ${token.light === 'true' ? 'flag-on' : 'flag-off'}`, text: token.light === 'true' ? 'on' : 'off' }),
      );
      break;
    default:
      break;
  }
  return preview;
}
