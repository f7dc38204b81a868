/**
 * The JSON object that starts right after `marker` in a page's inline script (a video platform's
 * `ytInitialPlayerResponse = {…}`), read by balancing braces outside strings; undefined when there is
 * none or it does not parse.
 */
export function jsonAfter(text: string, marker: RegExp): unknown {
  const match = marker.exec(text);
  if (!match) return undefined;
  const start = match.index + match[0].length;
  if (text[start] !== '{') return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      try {
        return JSON.parse(text.slice(start, i + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
