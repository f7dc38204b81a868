import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * A public repository's test files, read from a git snapshot, not copied here: the git directory named by
 * `envVar`, else the mirror the `fetch` tool makes for `repo` ('owner/name').
 */
export interface GitSnapshot {
  /** True when the snapshot is there. */
  readonly present: boolean;
  /** A test title that says why it skips when the snapshot is absent. */
  title(title: string): string;
  /** The bytes of `path` (relative to the repository's root) at the snapshot's HEAD. */
  file(path: string): Buffer;
  /** The paths of every file at the snapshot's HEAD. */
  paths(): string[];
}

export function gitSnapshot(repo: string, envVar: string): GitSnapshot {
  const dir = process.env[envVar] || `/work/.mirror/${repo.replace('/', '+')}/repo`;
  const present = fs.existsSync(dir);
  return {
    present,
    title: (title) =>
      present
        ? title
        : `${title} — skipped: ${repo} absent (${dir}): set ${envVar} to a git copy of github.com/${repo}`,
    file: (path) => execFileSync('git', ['-C', dir, 'show', `HEAD:${path}`], { maxBuffer: 64 << 20 }),
    paths: () =>
      execFileSync('git', ['-C', dir, 'ls-tree', '-r', '-z', '--name-only', 'HEAD'], { maxBuffer: 64 << 20 })
        .toString('utf8')
        .split('\0')
        .filter(Boolean),
  };
}
