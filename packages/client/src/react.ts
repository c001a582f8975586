// React bindings: a provider and a hook on useSyncExternalStore, the same on the server and in the browser.
import { createContext, createElement, useContext, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { TokenStore, TokenValue } from './state.js';

const TokensContext = createContext<TokenStore | null>(null);

export interface TokensProviderProps {
  /** In the browser the client (`connect()`); on the server `renderTokens(...).store`. */
  readonly store: TokenStore;
  readonly children?: ReactNode;
}

/** Makes `store` the tokens of every `useToken` below it. */
export function TokensProvider({ store, children }: TokensProviderProps): ReactNode {
  return createElement(TokensContext.Provider, { value: store }, children);
}

/**
 * A token's value in the current mode, re-rendering when it changes. During server rendering and hydration it is
 * the value the server rendered with (`getInitial`), so the markup matches; the live value follows right after.
 */
export function useToken(name: string): TokenValue | undefined {
  const store = useTokenStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(name),
    () => store.getInitial(name),
  );
}

/** The store of the nearest `<TokensProvider>` (to call `setMode` on the client, say). */
export function useTokenStore(): TokenStore {
  const store = useContext(TokensContext);
  if (store === null) throw new Error('useToken needs a <TokensProvider store={...}> above it.');
  return store;
}
