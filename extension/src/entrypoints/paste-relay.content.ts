import { defineContentScript } from 'wxt/utils/define-content-script';
import { listenForRelayedPastes } from '../insert/paste-relay';

/**
 * Firefox only: dispatches, from the page's own world, the pastes that insert citations, since the page
 * cannot read clipboard data set by a content script (insert/paste-relay.ts). In every frame, about:blank
 * ones too (Google Docs takes typing and pastes in an about:blank iframe).
 */
export default defineContentScript({
  matches: ['<all_urls>'],
  include: ['firefox'],
  world: 'MAIN',
  allFrames: true,
  matchAboutBlank: true,
  runAt: 'document_start',
  main() {
    listenForRelayedPastes(window);
  },
});
