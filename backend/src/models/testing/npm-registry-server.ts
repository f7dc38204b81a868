import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** A package the registry serves: its one version's tarball. */
export interface RegistryPackage {
  name: string;
  version: string;
  tarball: Buffer;
}

/** A local npm registry for tests: where it listens, what it was asked, and a fault to serve. */
export interface TestRegistry {
  /** 'http://127.0.0.1:PORT' */
  url: string;
  /** Paths asked for, in order. */
  readonly requests: string[];
  /** Serve the tarball of this package with one byte changed (the packument still gives the right integrity). */
  corrupt?: string;
  close(): Promise<void>;
}

/**
 * Speaks the part of the npm registry protocol a client installing a package uses: GET `/<name, / as %2f>`
 * gives the packument (`dist-tags.latest`, `versions[v].dist.tarball` and its sha512 `integrity`), and the
 * tarball is at the address it names; anything else is 404.
 */
export async function startTestRegistry(packages: readonly RegistryPackage[]): Promise<TestRegistry> {
  const sockets = new Set<Socket>();
  const registry: TestRegistry = { url: '', requests: [], close: async () => undefined };
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    registry.requests.push(path);
    const byName = packages.find((p) => path === `/${p.name.replace('/', '%2f')}`);
    if (byName) {
      const integrity = `sha512-${createHash('sha512').update(byName.tarball).digest('base64')}`;
      const file = `${byName.name.split('/').pop()}-${byName.version}.tgz`;
      res.writeHead(200, { 'content-type': 'application/vnd.npm.install-v1+json' });
      res.end(
        JSON.stringify({
          name: byName.name,
          'dist-tags': { latest: byName.version },
          versions: {
            [byName.version]: {
              name: byName.name,
              version: byName.version,
              dist: { tarball: `${registry.url}/${byName.name}/-/${file}`, integrity },
            },
          },
        }),
      );
      return;
    }
    const byTarball = packages.find((p) => path.startsWith(`/${p.name}/-/`));
    if (byTarball) {
      const bytes = Buffer.from(byTarball.tarball);
      if (registry.corrupt === byTarball.name) bytes[bytes.length >> 1]! ^= 0xff;
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(bytes);
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":"Not found"}');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  registry.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  registry.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return registry;
}
