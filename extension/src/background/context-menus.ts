/** Ids of the context menu entries. */
export const MENU = {
  savePage: 'folio-guardar-pagina',
  saveSelection: 'folio-guardar-seleccion',
  saveLink: 'folio-guardar-enlace',
  insertCitation: 'folio-insertar-cita',
} as const;

type MenuContext = 'page' | 'selection' | 'link' | 'editable' | 'frame' | 'video' | 'audio';

/** One entry as `contextMenus.create` takes it. */
export interface MenuEntry {
  id: string;
  title: string;
  contexts: [MenuContext, ...MenuContext[]];
}

/** The entries, in menu order. */
export const MENU_ENTRIES: readonly MenuEntry[] = [
  { id: MENU.savePage, title: 'Guardar esta página en Folio', contexts: ['page', 'frame', 'video', 'audio'] },
  { id: MENU.saveSelection, title: 'Guardar la selección en Folio', contexts: ['selection'] },
  { id: MENU.saveLink, title: 'Guardar el enlace o PDF en Folio', contexts: ['link'] },
  { id: MENU.insertCitation, title: 'Insertar una cita de Folio', contexts: ['editable'] },
];

/** What a click on an entry asks the background to do. */
export type MenuAction =
  | { type: 'captureTab'; tabId: number; selection: boolean }
  | { type: 'captureUrl'; url: string; titulo?: string }
  | { type: 'openPicker'; tabId: number; frameId?: number }
  | { type: 'none' };

/** The fields of `contextMenus.OnClickData` (and the tab) the routing reads. */
export interface MenuClick {
  menuItemId: string | number;
  linkUrl?: string;
  selectionText?: string;
  frameId?: number;
}

/** Routes a context menu click to a background action. */
export function menuAction(info: MenuClick, tab: { id?: number } | undefined): MenuAction {
  const tabId = tab?.id;
  switch (info.menuItemId) {
    case MENU.savePage:
      return tabId === undefined ? { type: 'none' } : { type: 'captureTab', tabId, selection: false };
    case MENU.saveSelection:
      return tabId === undefined ? { type: 'none' } : { type: 'captureTab', tabId, selection: true };
    case MENU.saveLink:
      return info.linkUrl ? { type: 'captureUrl', url: info.linkUrl } : { type: 'none' };
    case MENU.insertCitation:
      return tabId === undefined ? { type: 'none' } : { type: 'openPicker', tabId, frameId: info.frameId };
    default:
      return { type: 'none' };
  }
}
