import { browser } from 'wxt/browser';

interface SidebarAction {
  open(): Promise<void>;
}

/**
 * A function that opens the side panel from a click (Chrome's `sidePanel.open` for the current window,
 * Firefox's `sidebarAction.open`), or undefined where the browser has neither. The window is looked up
 * ahead of time because both browsers only open panels straight from a user gesture.
 */
export function sidePanelOpener(): (() => void) | undefined {
  // Outside the extension (a page opened on its own) there is no `browser` at all.
  if (!browser?.runtime) return undefined;
  const sidebar = (browser as unknown as { sidebarAction?: SidebarAction }).sidebarAction;
  if (sidebar) return () => void sidebar.open().catch(() => {});
  const panel = (browser as { sidePanel?: typeof browser.sidePanel }).sidePanel;
  if (!panel?.open) return undefined;
  let windowId: number | undefined;
  void browser.windows
    .getCurrent()
    .then((w) => (windowId = w.id))
    .catch(() => {});
  return () => {
    if (windowId !== undefined) void panel.open({ windowId }).catch(() => {});
  };
}
