import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { IntegrityError } from './download';
import { HubError } from './hub';

/** One version of a package as the registry describes it: where its tarball is and what it must hash to. */
export interface PackageRelease {
  name: string;
  version: string;
  tarball: string;
  /** Subresource Integrity of the tarball: 'sha512-<base64>'. */
  integrity: string;
}

interface Packument {
  'dist-tags'?: { latest?: string };
  versions?: Record<string, { dist?: { tarball?: string; integrity?: string } }>;
}

/**
 * The latest release of `name` in the npm registry at `registry` (the registry protocol: GET
 * `<registry>/<name with / as %2f>` gives the packument; its abbreviated form is enough). Only a release
 * with a sha512 integrity is accepted: the tarball is checked against it.
 */
export async function latestRelease(
  registry: string,
  name: string,
  opts: { fetch?: typeof fetch; signal?: AbortSignal } = {},
): Promise<PackageRelease> {
  const url = `${registry}/${name.replace('/', '%2f')}`;
  let response: Response;
  try {
    response = await (opts.fetch ?? fetch)(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
      signal: opts.signal,
    });
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    const cause = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new HubError(
      `No se pudo contactar con el registro npm ${registry} (${cause}).`,
      `Could not reach the npm registry ${registry}: ${cause}`,
      true,
    );
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new HubError(
      `El registro npm ${registry} no tiene el paquete ${name}.`,
      `The npm registry ${registry} has no package ${name}`,
      false,
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new HubError(
      `El registro npm respondió HTTP ${response.status} al pedir ${name}.`,
      `HTTP ${response.status} from the npm registry for ${name}`,
      response.status >= 500 || response.status === 429,
    );
  }
  const packument = (await response.json()) as Packument;
  const version = packument['dist-tags']?.latest;
  const dist = version ? packument.versions?.[version]?.dist : undefined;
  if (!version || !dist?.tarball || !dist.integrity?.startsWith('sha512-')) {
    throw new HubError(
      `El registro npm no da una versión de ${name} con su archivo y su suma sha512.`,
      `The npm registry gives no release of ${name} with a tarball and a sha512 integrity`,
      false,
    );
  }
  return { name, version, tarball: dist.tarball, integrity: dist.integrity };
}

/**
 * Downloads a release's tarball to `dest`, hashing it as it arrives; a tarball whose sha512 is not the
 * release's integrity is deleted and an `IntegrityError` thrown. The caller removes `dest` when done.
 */
export async function downloadTarball(
  release: PackageRelease,
  dest: string,
  opts: { fetch?: typeof fetch; signal?: AbortSignal; onBytes?: (n: number) => void } = {},
): Promise<number> {
  const response = await (opts.fetch ?? fetch)(release.tarball, { redirect: 'follow', signal: opts.signal }).catch(
    (error: unknown) => {
      if (opts.signal?.aborted) throw error;
      throw new HubError(
        `No se pudo descargar ${release.name} ${release.version} (${(error as Error).message}).`,
        `Could not download ${release.tarball}: ${(error as Error).message}`,
        true,
      );
    },
  );
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    throw new HubError(
      `El registro npm respondió HTTP ${response.status} al descargar ${release.name} ${release.version}.`,
      `HTTP ${response.status} downloading ${release.tarball}`,
      response.status >= 500 || response.status === 429,
    );
  }
  const hash = createHash('sha512');
  const file = await open(dest, 'w');
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      await file.write(chunk);
      bytes += chunk.length;
      opts.onBytes?.(bytes);
    }
  } finally {
    await file.close();
  }
  const got = `sha512-${hash.digest('base64')}`;
  if (got !== release.integrity) {
    throw new IntegrityError(
      `El archivo de ${release.name} ${release.version} descargado no coincide con la suma del registro ` +
        '(sha512); no se ha instalado nada. Vuelve a ejecutar la orden; si se repite, el registro o un proxy ' +
        'altera el archivo.',
      `The tarball of ${release.name} ${release.version} does not match the registry's sha512 integrity; nothing installed`,
    );
  }
  return bytes;
}
