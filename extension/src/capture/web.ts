/** How a capture reaches the network: `fetch`, or a stand-in in tests. */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** An address without its fragment ('#section'), which names a place in a page, not the page. */
export function withoutFragment(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.hash = '';
    return parsed.href;
  } catch {
    return url;
  }
}

/** `href` resolved against `base`, or undefined when it is no address. */
export function absoluteUrl(href: string, base: string | undefined): string | undefined {
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}
