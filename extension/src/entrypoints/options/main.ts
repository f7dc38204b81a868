import '../../ui/styles.css';
import { browser } from 'wxt/browser';
import { sendMessage } from '../../messaging/protocol';
import { mountOptions } from '../../ui/options';

const root = document.getElementById('app');
if (root) {
  mountOptions(root, {
    getSettings: () => sendMessage('getSettings'),
    saveSettings: (data) => sendMessage('saveSettings', data),
    requestHostPermission: (pattern) => browser.permissions.request({ origins: [pattern] }),
  });
}
