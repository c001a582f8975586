import { styleText } from 'node:util';

/** A style `node:util` `styleText` knows: `red`, `bold`, `dim`... */
export type TextStyle = Parameters<typeof styleText>[0];

/** Styles text for one output stream, or leaves it plain. */
export type Paint = (style: TextStyle, text: string) => string;

/** Leaves text as it is: files, pipes, JSON. */
export const PLAIN: Paint = (_style, text) => text;

/**
 * Styles for `stream` as Node decides for it: colours on a terminal, none when `NO_COLOR` or `NODE_DISABLE_COLORS`
 * is set or the output is a file or a pipe, and always with `FORCE_COLOR` (`styleText` checks the stream).
 */
export function paintFor(stream: NodeJS.WritableStream): Paint {
  return (style, text) => styleText(style, text, { stream });
}
