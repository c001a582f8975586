/** Query parameter names whose values are never logged: `key`, `apiKey`, `api_key`, `token`, `access_token`, ... */
const SECRET_NAME = /key|token/i;
const REDACTED = '[redacted]';

/**
 * The request URL as logs may show it: the value of every query parameter whose name contains `key` or `token` (in
 * any case, percent-encoded or not) is replaced with `[redacted]`; everything else is kept as sent.
 */
export function redactQuerySecrets(url: string): string {
  const at = url.indexOf('?');
  // Most URLs have no such name, encoded or not: they are returned as they are, without splitting.
  if (at === -1 || !/key|token|%/i.test(url.slice(at + 1))) return url;
  const parameters = url
    .slice(at + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals === -1) return parameter;
      const name = parameter.slice(0, equals);
      return SECRET_NAME.test(decodeName(name)) ? `${name}=${REDACTED}` : parameter;
    });
  return `${url.slice(0, at)}?${parameters.join('&')}`;
}

/** Each `%XX` as its byte, even in a name that is not valid percent-encoding as a whole (`%6Bey%`). */
function decodeName(name: string): string {
  return name.replace(/%([0-9A-Fa-f]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
