import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { useTestStore } from '../../testing/harness';
import { createApiKey, listKeysOf, revokeKey, verifyApiKey } from './api-keys';

const fx = useTestStore();
let db: Db;
beforeAll(async () => {
  db = (await fx.openStore()).db;
});

describe('API keys', () => {
  it('stores a key only as a hash, and the key itself answers for its user and scopes', async () => {
    const made = await createApiKey(db, 'hash@example.org', ['lectura']);
    expect(made.key).toMatch(/^folio_[0-9a-z]{10}_[A-Za-z0-9_-]{43}$/);
    expect(made.userCreated).toBe(true);
    const rows = await db.query<{ hash: string; prefix: string }>(
      "SELECT hash, prefix FROM api_keys k JOIN users u ON u.id = k.user_id WHERE u.email = 'hash@example.org'",
    );
    expect(rows).toHaveLength(1);
    // The secret is base64url, so it may itself contain '_': it is everything after the prefix.
    const secret = made.key.slice('folio_'.length + 11);
    expect(secret).toHaveLength(43);
    expect(rows[0]!.prefix).toBe(made.prefix);
    expect(rows[0]!.hash).not.toContain(secret);
    expect(rows[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyApiKey(db, made.key)).toMatchObject({ userId: made.userId, scopes: ['lectura'] });
  });

  it('answers nobody for a malformed key, an unknown one, or one whose secret part was changed', async () => {
    const { key } = await createApiKey(db, 'tamper@example.org', ['lectura', 'escritura']);
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const wrong of [tampered, `folio_abcdefghjk_${'A'.repeat(43)}`, 'Basic abc', key.slice(0, -1), '']) {
      expect(await verifyApiKey(db, wrong)).toBeUndefined();
    }
    expect(await verifyApiKey(db, key)).toBeDefined();
  });

  it("stops answering once revoked, once and for good, while the user's other keys go on", async () => {
    const first = await createApiKey(db, 'revoked@example.org', ['lectura']);
    const second = await createApiKey(db, 'revoked@example.org', ['mcp'], 'otra');
    expect(second.userCreated).toBe(false);
    expect(await verifyApiKey(db, first.key)).toBeDefined();

    expect(await revokeKey(db, first.prefix)).toBe(true);
    expect(await verifyApiKey(db, first.key)).toBeUndefined();
    // Revoking again, or a prefix no key has, changes nothing.
    expect(await revokeKey(db, first.prefix)).toBe(false);
    expect(await revokeKey(db, 'nohayclave')).toBe(false);
    expect(await verifyApiKey(db, second.key)).toMatchObject({ userId: second.userId, scopes: ['mcp'] });

    const listed = await listKeysOf(db, 'revoked@example.org');
    expect(listed?.map((k) => [k.prefix, k.revoked !== null])).toEqual(
      expect.arrayContaining([
        [first.prefix, true],
        [second.prefix, false],
      ]),
    );
    expect(await listKeysOf(db, 'nadie@example.org')).toBeUndefined();
  });
});
