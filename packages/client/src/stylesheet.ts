// Where the CSS goes: one constructable stylesheet, or one <style> where the browser has none (or the server rendered one).

/** The attribute of the `<style>` element the client writes (and the server-rendering helper renders). */
export const STYLE_ATTRIBUTE = 'data-token-server';

/**
 * Returns the function that replaces the design system's CSS in `document`. A `<style data-token-server>` the server
 * rendered is taken over (so hydration finds what it rendered); otherwise one stylesheet is adopted
 * (`document.adoptedStyleSheets`), or one `<style>` is appended to `<head>` where sheets cannot be constructed.
 */
export function createStyleTarget(document: Document): (css: string) => void {
  const rendered = document.querySelector<HTMLStyleElement>(`style[${STYLE_ATTRIBUTE}]`);
  if (rendered !== null) return (css) => void (rendered.textContent !== css && (rendered.textContent = css));
  if ('adoptedStyleSheets' in document && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    let sheet: CSSStyleSheet | undefined;
    return (css) => {
      if (sheet === undefined) {
        sheet = new CSSStyleSheet();
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      }
      sheet.replaceSync(css);
    };
  }
  let style: HTMLStyleElement | undefined;
  return (css) => {
    if (style === undefined) {
      style = document.createElement('style');
      style.setAttribute(STYLE_ATTRIBUTE, '');
      document.head.append(style);
    }
    style.textContent = css;
  };
}
