import '../../ui/styles.css';
import { browser } from 'wxt/browser';
import { sendMessage } from '../../messaging/protocol';
import { mountPopup } from '../../ui/popup';
import { sidePanelOpener } from '../../ui/side-panel-opener';

const root = document.getElementById('app');
if (root) {
  const openSidePanel = sidePanelOpener();
  mountPopup(root, {
    async captureTab() {
      const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
      return sendMessage('captureTab', { tabId: tab?.id });
    },
    captures: () => sendMessage('captures', { limite: 20 }),
    retry: (id) => sendMessage('retry', { id }),
    dismiss: (id) => sendMessage('dismiss', { id }),
    correct: (id, cambios) => sendMessage('correctCapture', { id, cambios }),
    openSidePanel: openSidePanel
      ? () => {
          openSidePanel();
          window.close();
        }
      : undefined,
    openOptions: () => void browser.runtime.openOptionsPage(),
  });
}
