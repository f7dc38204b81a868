/** A file of a model repository as the hub's metadata describes it. */
export interface HubFileInfo {
  path: string;
  size: number;
  /** sha256 of the content, for files kept in LFS (weights, large tokenizers). */
  sha256?: string;
  /** Git blob id (sha1 of 'blob <size>\0' + content), for every file. */
  blobId?: string;
}

/** A repository at one revision: the commit it resolves to and its files. */
export interface HubRepoInfo {
  repo: string;
  commit: string;
  files: Map<string, HubFileInfo>;
}

/** The hub could not be reached or answered with an error; `mensaje` for the user, `message` in English. */
export class HubError extends Error {
  constructor(
    readonly mensaje: string,
    message: string,
    /** Unreachable or a 5xx: trying later may work. A 404 or 401 will not. */
    readonly transient: boolean,
  ) {
    super(message);
  }
}

/** Where a hub is and how to ask it; `fetch` is the platform's unless a caller passes its own. */
export interface HubOptions {
  /** e.g. 'https://huggingface.co', or a mirror speaking the same protocol. */
  url: string;
  token?: string;
  fetch?: typeof fetch;
}

/** The headers of every hub request: the token, when there is one (gated models, private mirrors). */
export function hubHeaders(options: HubOptions): Record<string, string> {
  return options.token ? { authorization: `Bearer ${options.token}` } : {};
}

/**
 * Reads a repository's files with their sizes and hashes (`GET /api/models/{repo}/revision/{revision}?blobs=true`,
 * what `huggingface_hub` reads for `files_metadata`). The commit it returns pins every download of a pull,
 * so a repository updated halfway through cannot mix two versions.
 */
export async function fetchRepoInfo(options: HubOptions, repo: string, revision = 'main'): Promise<HubRepoInfo> {
  const url = `${options.url}/api/models/${repo}/revision/${encodeURIComponent(revision)}?blobs=true`;
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: hubHeaders(options),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (err) {
    const cause = ((err as Error).cause as Error | undefined)?.message ?? (err as Error).message;
    throw new HubError(
      `No se pudo contactar con el hub de modelos en ${options.url} (${cause}). Revisa la conexión o FOLIO_MODELS_HUB.`,
      `Could not reach the model hub at ${options.url} (${cause}); check the connection or FOLIO_MODELS_HUB`,
      true,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    const notFound = response.status === 404;
    const denied = response.status === 401 || response.status === 403;
    throw new HubError(
      notFound
        ? `El hub ${options.url} no tiene el modelo ${repo} (revisión ${revision}).`
        : denied
          ? `El hub ${options.url} no da acceso a ${repo} (HTTP ${response.status}): define FOLIO_MODELS_HUB_TOKEN.`
          : `El hub ${options.url} respondió HTTP ${response.status} al pedir ${repo}.`,
      notFound
        ? `Hub ${options.url} has no model ${repo} (revision ${revision}, HTTP 404)`
        : denied
          ? `Hub ${options.url} refused access to ${repo} (HTTP ${response.status}): set FOLIO_MODELS_HUB_TOKEN`
          : `Hub ${options.url} answered HTTP ${response.status} for ${repo}@${revision}`,
      response.status >= 500 || response.status === 429,
    );
  }
  const body = (await response.json()) as {
    sha?: string;
    siblings?: { rfilename: string; size?: number; blobId?: string; lfs?: { sha256?: string; size?: number } }[];
  };
  if (!body.sha || !Array.isArray(body.siblings)) {
    throw new HubError(
      `El hub ${options.url} no describió el modelo ${repo} como lo hace Hugging Face (falta sha o siblings).`,
      `Hub ${options.url} returned no commit or file list for ${repo}`,
      false,
    );
  }
  const files = new Map<string, HubFileInfo>();
  for (const s of body.siblings) {
    const size = s.lfs?.size ?? s.size;
    if (typeof size !== 'number') continue;
    files.set(s.rfilename, { path: s.rfilename, size, sha256: s.lfs?.sha256, blobId: s.blobId });
  }
  return { repo, commit: body.sha, files };
}

/**
 * The download address of one file, built as transformers.js builds it (`env.remoteHost` +
 * `env.remotePathTemplate`, '{model}/resolve/{revision}/'), at the commit the repository resolved to.
 */
export function fileUrl(hub: string, template: string, repo: string, commit: string, path: string): string {
  const prefix = template.replaceAll('{model}', repo).replaceAll('{revision}', encodeURIComponent(commit));
  return `${hub}/${prefix.replace(/^\/+/, '')}${path.split('/').map(encodeURIComponent).join('/')}`;
}
