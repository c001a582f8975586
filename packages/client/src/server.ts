// Server rendering: the tokens of a pinned revision fetched on the server, inlined into the page it renders.
import { fetchState, storageKey, valueIn } from './state.js';
import type { ClientConfig, TokenState, TokenStore } from './state.js';
import { STYLE_ATTRIBUTE } from './stylesheet.js';

/** Same id as the client's `STATE_SCRIPT_ID` (not imported: this module must not load the browser client). */
const STATE_SCRIPT_ID = 'token-server-state';

export interface RenderedTokens {
  /** What the server answered: the CSS of every mode, the typed values, the commit. */
  readonly state: TokenState;
  readonly mode: string;
  /**
   * Markup for `<head>`: `<style data-token-server>` with the CSS and `<script type="application/json"
   * id="token-server-state">` with the state, which `connect()` reads so the first client render equals the server's.
   */
  readonly head: string;
  /** Attributes for `<html>`: `data-theme` selects the mode's rules of the CSS. */
  readonly htmlAttributes: { readonly 'data-theme': string };
  /** The values as rendered, for `<TokensProvider store={...}>` on the server. */
  readonly store: TokenStore;
}

/**
 * Fetches the design system's CSS and typed values on the server (pin `ref` to a commit so every render of a
 * release and the client agree) and returns what to inline into the page. Throws a `TokenServerError` when the
 * server refuses, so the page fails like any other missing data.
 */
export async function renderTokens(config: ClientConfig & { readonly fetch?: typeof fetch }): Promise<RenderedTokens> {
  const state = await fetchState(config, undefined, config.fetch);
  const mode = config.mode;
  const json = JSON.stringify({ key: storageKey(config), state }).replace(/</g, '\\u003c');
  // `</style` is the only text that ends a style element early; `\/` is CSS for `/`.
  const css = state.css.replace(/<\/(style)/gi, '<\\/$1');
  return {
    state,
    mode,
    head: `<style ${STYLE_ATTRIBUTE}>${css}</style><script type="application/json" id="${STATE_SCRIPT_ID}">${json}</script>`,
    htmlAttributes: { 'data-theme': mode },
    store: {
      mode,
      get: (name) => valueIn(state, mode, name),
      getInitial: (name) => valueIn(state, mode, name),
      subscribe: () => () => undefined,
    },
  };
}
