// What the client keeps of a design system, and how it reads it from the server. No DOM: the server-rendering
// helper shares it.

/** Where and what to read: the server, the credential, the design system, the mode, and optionally a pinned ref. */
export interface ClientConfig {
  /** The token server's origin (and path prefix if any), without `/api/v1`: `https://tokens.example.com`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <credential>`. */
  readonly credential: string;
  /** The design system's slug or id (`?designSystem=`). */
  readonly designSystem: string;
  /** `light`, `dark` or a further mode of the design system. */
  readonly mode: string;
  /** A commit, tag or branch (`?ref=`): the tokens as of that revision; no event stream is followed. */
  readonly ref?: string;
}

/** A colour as the DTCG 2025.10 export writes it. */
export interface ColorValue {
  readonly colorSpace: string;
  readonly components: readonly number[];
  readonly alpha: number;
  /** The opaque `#RRGGBB` (use `alpha` for translucency). */
  readonly hex: string;
}

/** A length or a duration: `{ value: 16, unit: "px" }`, `{ value: 200, unit: "ms" }`. */
export interface MeasuredValue {
  readonly value: number;
  readonly unit: string;
}

/** A token's value in one mode, typed as `/api/v1/export/json?spec=2025.10` writes it. */
export type TokenValue = ColorValue | MeasuredValue | number | string | boolean | readonly unknown[] | { readonly [part: string]: unknown };

/** One token as kept: its type, its light value, and the values of the modes where it differs. */
export interface StoredToken {
  readonly type: string;
  readonly value: TokenValue;
  readonly dark?: TokenValue;
  readonly modes?: Readonly<Record<string, TokenValue>>;
}

/** The last good answer of the server: the CSS export, the typed values, their ETags, and the commit served. */
export interface TokenState {
  readonly css: string;
  readonly cssEtag: string | null;
  readonly tokens: Readonly<Record<string, StoredToken>>;
  readonly tokensEtag: string | null;
  readonly commit: string | null;
}

/** Reads token values: what `<TokensProvider>` needs (the client and the server-rendered tokens are both one). */
export interface TokenStore {
  /** The mode applied now. */
  readonly mode: string;
  /** A token's value in the current mode (`color.brand.primary`); the same object until it changes. */
  get(name: string): TokenValue | undefined;
  /** A token's value as the server rendered the page (or as at connect when it did not): hydration reads this. */
  getInitial(name: string): TokenValue | undefined;
  /** Calls `listener` after every change of the CSS, the values or the mode; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
}

/** The storage key of a design system as seen through one server and ref. */
export function storageKey(config: ClientConfig): string {
  return `token-server:${JSON.stringify([config.baseUrl, config.designSystem, config.ref ?? null])}`;
}

/** `/api/v1/<route>` with the design system and, when pinned, the ref. */
export function apiUrl(config: ClientConfig, route: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ ...params, designSystem: config.designSystem });
  if (config.ref !== undefined && route !== 'events') query.set('ref', config.ref);
  return `${config.baseUrl.replace(/\/+$/, '')}/api/v1/${route}?${query.toString()}`;
}

/** A token's value in `mode`: light is the base; dark and further modes list only what differs from light. */
export function valueIn(state: TokenState | undefined, mode: string, name: string): TokenValue | undefined {
  const token = state?.tokens[name];
  if (token === undefined) return undefined;
  if (mode === 'light') return token.value;
  if (mode === 'dark') return token.dark ?? token.value;
  return token.modes?.[mode] ?? token.value;
}

/** An error answered by the token server, with its code and status. */
export class TokenServerError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TokenServerError';
  }
}

/** The API's error body as an error (`{ error: { code, message } }`), or the status when the body is something else. */
export async function errorOf(response: Response): Promise<TokenServerError> {
  const body = (await response.json().catch(() => undefined)) as { error?: { code?: unknown; message?: unknown } } | undefined;
  const code = typeof body?.error?.code === 'string' ? body.error.code : 'http_error';
  const message = typeof body?.error?.message === 'string' ? body.error.message : `${response.status} ${response.statusText}`;
  return new TokenServerError(response.status, code, message);
}

/**
 * Fetches the CSS export (every mode, switched by `data-theme`) and the typed values, each with `If-None-Match`
 * from `previous`; a `304` keeps the previous part (same object). Throws a `TokenServerError` on an error answer.
 */
export async function fetchState(
  config: ClientConfig,
  previous: TokenState | undefined,
  fetcher: typeof fetch = fetch,
): Promise<TokenState> {
  const request = (url: string, etag: string | null | undefined): Promise<Response> =>
    fetcher(url, {
      headers: { authorization: `Bearer ${config.credential}`, ...(etag == null ? {} : { 'if-none-match': etag }) },
      cache: 'no-store',
    });
  const [css, tokens] = await Promise.all([
    request(apiUrl(config, 'export/css', { theme: 'data-attribute' }), previous?.cssEtag),
    request(apiUrl(config, 'export/json', { spec: '2025.10' }), previous?.tokensEtag),
  ]);
  for (const response of [css, tokens]) if (response.status !== 304 && !response.ok) throw await errorOf(response);
  const commit = css.headers.get('x-git-commit') ?? tokens.headers.get('x-git-commit') ?? previous?.commit ?? null;
  const keep = previous !== undefined;
  return {
    css: css.status === 304 && keep ? previous.css : await css.text(),
    cssEtag: css.headers.get('etag'),
    tokens: tokens.status === 304 && keep ? previous.tokens : flattenTokens(await tokens.json()),
    tokensEtag: tokens.headers.get('etag'),
    commit,
  };
}

/** The DTCG 2025.10 tree as `key -> token`, keys dotted (`color.brand.primary`). */
export function flattenTokens(tree: unknown, prefix = '', into: Record<string, StoredToken> = {}): Record<string, StoredToken> {
  if (!isObject(tree)) return into;
  if ('$value' in tree) {
    const extension = isObject(tree['$extensions']) ? tree['$extensions']['com.service'] : undefined;
    const extra = isObject(extension) ? extension : {};
    into[prefix] = {
      type: typeof tree['$type'] === 'string' ? tree['$type'] : 'unknown',
      value: tree['$value'] as TokenValue,
      ...('dark' in extra ? { dark: extra['dark'] as TokenValue } : {}),
      ...(isObject(extra['modes']) ? { modes: extra['modes'] as Record<string, TokenValue> } : {}),
    };
    return into;
  }
  for (const [name, child] of Object.entries(tree))
    if (!name.startsWith('$')) flattenTokens(child, prefix === '' ? name : `${prefix}.${name}`, into);
  return into;
}

/** Whether `value` (read back from storage or a page) has the shape of a `TokenState`. */
export function isTokenState(value: unknown): value is TokenState {
  return isObject(value) && typeof value['css'] === 'string' && isObject(value['tokens']);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
