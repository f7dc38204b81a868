import { CaptureError } from './capture-error';
import { capturePage, type CapturedPage } from './page';
import { captureSelection, type CapturedQuote } from './selection';
import { captureVideo, type CapturedVideo } from './video';

/** What the capture content script hands back to the background (structured-clone safe). */
export type InPageCapture =
  ((CapturedPage | CapturedVideo) & { quote?: CapturedQuote }) | { kind: 'refused'; mensaje: string };

/**
 * Captures the document the user is looking at: a page with a captioned video (an HTML5 `<track>` or a
 * YouTube watch page) as that video's captions at the current second, any other page through Readability,
 * with the selection as a quote either way. A `CaptureError` comes back as its Spanish message, since an
 * exception does not cross `scripting.executeScript`.
 */
export async function captureInPage(doc: Document): Promise<InPageCapture> {
  try {
    const selection = doc.getSelection();
    const quote = selection ? captureSelection(selection, doc) : undefined;
    const captured = (await captureVideo(doc)) ?? capturePage(doc);
    return { ...captured, ...(quote && { quote }) };
  } catch (err) {
    if (err instanceof CaptureError) return { kind: 'refused', mensaje: err.message };
    throw err;
  }
}
