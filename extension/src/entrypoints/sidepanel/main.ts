import '../../ui/styles.css';
import { sendMessage } from '../../messaging/protocol';
import { connectAsk } from '../../ui/ask-connection';
import { mountSidePanel } from '../../ui/sidepanel';

const root = document.getElementById('app');
if (root) {
  mountSidePanel(root, {
    search: (q) => sendMessage('search', { q }),
    ask: connectAsk,
  });
}
