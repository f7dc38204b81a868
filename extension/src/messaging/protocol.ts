import type { Pasaje } from '@folio/shared';
import { defineExtensionMessaging } from '@webext-core/messaging';

/** A search as the background answers it: from the server, or from the local cache when offline. */
export interface SearchAnswer {
  pasajes: Pasaje[];
  /** True when the server could not be reached and the answer comes from the local cache. */
  offline: boolean;
  /** Spanish text for the user when neither could answer. */
  error?: string;
}

/**
 * Every message between the extension's contexts (popup, options, side panel, content scripts) and the
 * background, which alone owns storage and the network. One entry per message: request → response.
 * Add entries here; never send untyped messages.
 */
export interface ProtocolMap {
  /** Searches the library (`GET /buscar`), falling back to cached results offline. */
  search(data: { q: string; k?: number }): SearchAnswer;
}

export const { sendMessage, onMessage, removeAllListeners } = defineExtensionMessaging<ProtocolMap>();
