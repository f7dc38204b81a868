import type { Insertion } from './content';

/**
 * Puts content on the clipboard (rich text where the browser allows, else plain text), so a failed insertion
 * still leaves the citation one Ctrl+V away. Needs the user activation of the keypress that asked for it.
 * Resolves whether it worked.
 */
export async function copyInsertion(ins: Insertion, nav: Navigator = navigator): Promise<boolean> {
  const clipboard = nav.clipboard;
  if (!clipboard) return false;
  try {
    if (typeof ClipboardItem === 'function' && typeof clipboard.write === 'function') {
      await clipboard.write([
        new ClipboardItem({
          'text/html': new Blob([ins.html], { type: 'text/html' }),
          'text/plain': new Blob([ins.text], { type: 'text/plain' }),
        }),
      ]);
      return true;
    }
  } catch {
    // Rich text refused: plain text below.
  }
  try {
    await clipboard.writeText(ins.text);
    return true;
  } catch {
    return false;
  }
}
