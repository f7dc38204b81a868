/** A provider's base URL, checked: http(s) only, without trailing slashes. `who` names the caller in errors. */
export function checkedBaseUrl(value: string, who: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`${who}: baseUrl is not a URL: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`${who}: baseUrl must be http(s): ${value}`);
  }
  return url.href.replace(/\/+$/, '');
}
