/** Title from a file name: the name without its extension, separators turned into spaces. */
export function titleFromFileName(name: string | null | undefined): string | undefined {
  if (!name) return undefined;
  const base = name.split(/[\\/]/).pop() ?? name;
  const stem = base
    .replace(/\.[a-z0-9]{1,8}$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return stem || undefined;
}
