// One format for the whole tree, checked by `npm test` (`npm run format:check`); `npm run format` rewrites it.
export default {
  printWidth: 140,
  singleQuote: true,
  trailingComma: 'all',
};
