/// <reference types="@figma/plugin-typings/plugin-api.d.ts" />

/**
 * The part of Figma's plugin API the plugin uses, as `@figma/plugin-typings` declares it: `figma` in Figma, the
 * in-memory stand-in in the tests. Picked by name from `PluginAPI`, so a method Figma renames or retypes fails the
 * type check of both.
 */
export type FigmaHost = Pick<
  PluginAPI,
  'getLocalTextStylesAsync' | 'getLocalEffectStylesAsync' | 'createTextStyle' | 'createEffectStyle' | 'loadFontAsync'
> & {
  readonly variables: Pick<
    VariablesAPI,
    | 'getLocalVariableCollectionsAsync'
    | 'getLocalVariablesAsync'
    | 'createVariableCollection'
    | 'createVariable'
    | 'createVariableAlias'
    | 'setBoundVariableForEffect'
  >;
  readonly root: Pick<DocumentNode, 'getPluginData' | 'setPluginData'>;
};
