import { defineContentScript } from 'wxt/utils/define-content-script';
import { onMessage, sendMessage } from '../messaging/protocol';
import { memoryCitedWorks, sessionCitedWorks, type CitedWorks } from '../insert/cited-works';
import { openCitationPicker } from '../insert/citation-picker';
import { ownsFocus } from '../insert/focus';
import { isMac, isPickerShortcut, listenInFocusedFrames } from '../insert/shortcut';

/**
 * Citation insertion in editors. Runs in every frame with a web URL (an editor may sit in an iframe); frames
 * without one (about:blank, like Google Docs' text-event target) are handled from their parent, which reaches
 * them same-origin. The background's 'openPicker' reaches every frame: only the one holding the focus opens.
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  allFrames: true,
  runAt: 'document_idle',
  main(ctx) {
    let style: string | undefined;
    const memory = memoryCitedWorks();
    const citedWorks = (): CitedWorks => {
      try {
        return sessionCitedWorks(window.sessionStorage, location.href);
      } catch {
        return memory; // sandboxed frames refuse sessionStorage
      }
    };
    const open = () =>
      openCitationPicker({
        document,
        search: (q) => sendMessage('search', { q, k: 10 }),
        citedWorks: citedWorks(),
        formatBibliography: (works, estilo) => sendMessage('formatBibliography', { works, estilo }),
        style,
        onStyle: (s) => (style = s),
      });

    const stopListening = onMessage('openPicker', () => {
      if (ownsFocus(document)) open();
    });
    ctx.onInvalidated(stopListening);

    const mac = isMac(navigator);
    const onKey = (e: KeyboardEvent) => {
      if (!isPickerShortcut(e, mac)) return;
      e.preventDefault();
      e.stopPropagation();
      open();
    };
    ctx.addEventListener(window, 'keydown', onKey, { capture: true });
    const follow = listenInFocusedFrames(document, 'keydown', onKey, ctx.signal);
    // Focus moving into a child frame blurs this window: that is when a script-less frame may need listening.
    ctx.addEventListener(window, 'blur', () => ctx.setTimeout(follow, 0));
  },
});
