import crypto from 'node:crypto';
import type { Scope } from '@folio/shared';
import type { Db } from '../../db/db';
import {
  findApiKeyByPrefix,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
  type ApiKeyRow,
} from '../../db/api-keys.repo';
import { ensureUser, findUserByEmail } from '../../db/users.repo';
import { newId } from '../../ids';

const KEY_PATTERN = /^folio_([0-9a-z]{10})_([A-Za-z0-9_-]{43})$/;

function hashKey(key: string): string {
  // Keys carry 256 random bits, so a fast hash is as safe as a slow one and keeps auth cheap.
  return crypto.createHash('sha256').update(key).digest('hex');
}

export interface CreatedKey {
  key: string;
  prefix: string;
  userId: string;
  userCreated: boolean;
}

/** Creates the user if new and a key with `scopes`. The key itself is returned once and never stored. */
export async function createApiKey(db: Db, email: string, scopes: Scope[], name?: string): Promise<CreatedKey> {
  const user = await ensureUser(db, email);
  const prefix = newId(10);
  const key = `folio_${prefix}_${crypto.randomBytes(32).toString('base64url')}`;
  await insertApiKey(db, { id: newId(), userId: user.id, prefix, hash: hashKey(key), scopes, name });
  return { key, prefix, userId: user.id, userCreated: user.created };
}

export interface Principal {
  userId: string;
  keyId: string;
  scopes: Scope[];
}

const lastTouched = new Map<string, number>();

/** The principal behind a bearer key, or undefined for a malformed, unknown or revoked key. */
export async function verifyApiKey(db: Db, key: string): Promise<Principal | undefined> {
  const m = KEY_PATTERN.exec(key);
  if (!m) return undefined;
  const row = await findApiKeyByPrefix(db, m[1]!);
  if (!row || row.revoked) return undefined;
  const given = Buffer.from(hashKey(key), 'hex');
  const stored = Buffer.from(row.hash, 'hex');
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) return undefined;
  // Record use at most once a minute per key: a write per request would be waste.
  const now = Date.now();
  if ((lastTouched.get(row.id) ?? 0) < now - 60_000) {
    lastTouched.set(row.id, now);
    await touchApiKey(db, row.id);
  }
  return { userId: row.user_id, keyId: row.id, scopes: row.scopes };
}

export async function listKeysOf(db: Db, email: string): Promise<ApiKeyRow[] | undefined> {
  const user = await findUserByEmail(db, email);
  return user ? listApiKeys(db, user.id) : undefined;
}

export async function revokeKey(db: Db, prefix: string): Promise<boolean> {
  return revokeApiKey(db, prefix);
}
