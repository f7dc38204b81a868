import type { FolioDb } from './db';
import { outboxCounts } from './outbox';

/** The part of `browser.action` the badge uses. */
export interface BadgeApi {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
}

/** Badge colour while captures are on their way. */
export const BADGE_PENDING = '#3b5bdb';
/** Badge colour when a capture failed. */
export const BADGE_ERROR = '#d93025';

/** What the badge shows for these counts: the pending count, '!' for failures alone, nothing when idle. */
export function badgeFor(counts: { pending: number; errors: number }): { text: string; color: string } {
  const text = counts.pending > 0 ? String(Math.min(counts.pending, 999)) : counts.errors > 0 ? '!' : '';
  return { text, color: counts.errors > 0 ? BADGE_ERROR : BADGE_PENDING };
}

/** Sets the action badge from the outbox: how many captures are pending, red when any failed. */
export async function updateBadge(db: FolioDb, action: BadgeApi): Promise<{ text: string; color: string }> {
  const badge = badgeFor(await outboxCounts(db));
  await action.setBadgeText({ text: badge.text });
  await action.setBadgeBackgroundColor({ color: badge.color });
  return badge;
}
