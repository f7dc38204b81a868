import { browser } from 'wxt/browser';
import { ASK_PORT, type AskPortMessage, type AskPortRequest } from '../messaging/protocol';

/**
 * Asks through the background's ask Port: posts the request, hands each event to `onMessage`, calls
 * `onEnd` when the background closes the Port. The returned function cancels (the background then aborts
 * the request to the server).
 */
export function connectAsk(
  request: AskPortRequest,
  onMessage: (message: AskPortMessage) => void,
  onEnd: () => void,
): () => void {
  const port = browser.runtime.connect({ name: ASK_PORT });
  port.onMessage.addListener((message) => onMessage(message as AskPortMessage));
  port.onDisconnect.addListener(() => onEnd());
  port.postMessage(request);
  return () => port.disconnect();
}
