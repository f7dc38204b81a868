import { SCOPES, type Scope } from '@folio/shared';
import type { Db } from '../db/db';
import { createApiKey, listKeysOf, revokeKey } from '../services/accounts/api-keys';
import { option, UsageError } from './args';

export function parseScopes(value: string | undefined): Scope[] {
  const scopes = (value ?? SCOPES.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.filter((s) => !(SCOPES as readonly string[]).includes(s));
  if (bad.length || !scopes.length)
    throw new UsageError(`Unknown scope(s): ${bad.join(', ') || '(none)'}. Valid: ${SCOPES.join(', ')}.`);
  return [...new Set(scopes)] as Scope[];
}

/** `keys create|list|revoke`: prints results to stdout; the created key alone on the last line. */
export async function keysCommand(db: Db, args: string[], out: (line: string) => void): Promise<void> {
  const [sub, ...rest] = args;
  if (sub === 'create') {
    const email = option(rest, 'user');
    if (!email || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('keys create needs --user EMAIL');
    const scopes = parseScopes(option(rest, 'scopes'));
    const created = await createApiKey(db, email, scopes, option(rest, 'name'));
    out(
      `${created.userCreated ? 'Created user' : 'User'} ${email.toLowerCase()}; key ${created.prefix} with scopes ${scopes.join(',')} (shown once):`,
    );
    out(created.key);
    return;
  }
  if (sub === 'list') {
    const email = option(rest, 'user');
    if (!email) throw new UsageError('keys list needs --user EMAIL');
    const keys = await listKeysOf(db, email);
    if (!keys) throw new UsageError(`No user ${email}`);
    if (!keys.length) out('(no keys)');
    for (const k of keys) {
      const state = k.revoked ? `revoked ${k.revoked.toISOString()}` : 'active';
      const used = k.last_used ? k.last_used.toISOString() : 'never';
      out(`${k.prefix}\t${k.scopes.join(',')}\t${state}\tcreated ${k.created.toISOString()}\tlast used ${used}`);
    }
    return;
  }
  if (sub === 'revoke') {
    const prefix = rest.find((a) => !a.startsWith('--'));
    if (!prefix) throw new UsageError('keys revoke needs PREFIX');
    const cleaned = prefix.replace(/^folio_/, '').split('_')[0]!;
    if (!(await revokeKey(db, cleaned))) throw new UsageError(`No active key with prefix ${cleaned}`);
    out(`Revoked ${cleaned}`);
    return;
  }
  throw new UsageError(
    'Usage: keys create --user EMAIL [--scopes lectura,escritura,mcp] | keys list --user EMAIL | keys revoke PREFIX',
  );
}
