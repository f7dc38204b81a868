/** Thrown for a command line that does not make sense; the CLI prints its message and the usage. */
export class UsageError extends Error {}

/** The value of `--name VALUE` or `--name=VALUE` in a command's arguments; undefined when absent. */
export function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}
