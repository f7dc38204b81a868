import { defineContentScript } from 'wxt/utils/define-content-script';
import { captureInPage } from '../capture/in-page';

// Injected by the background on demand (`scripting.executeScript`), never by the manifest: it runs only
// when the user asks to save the tab, and its return value is the capture.
export default defineContentScript({
  registration: 'runtime',
  matches: [],
  main: () => captureInPage(document),
});
