/**
 * A release server on 127.0.0.1 for update tests: it answers every `latest*.yml` request
 * with the text it is given (electron-updater asks for `latest.yml`, `latest-mac.yml` or
 * `latest-linux.yml` by platform) and serves one installer file, or hangs on purpose.
 */

import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UpdateServer {
  /** `http://127.0.0.1:<port>/` */
  readonly url: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** What the channel file says; `hang` leaves every request unanswered. */
  serve(channelFile: string | 'hang'): void;
  close(): Promise<void>;
}

/** An installer's name and bytes, and the channel file announcing it as `version`. */
export function releaseFiles(version: string): {
  readonly installerName: string;
  readonly installer: Buffer;
  readonly channelFile: string;
} {
  const installerName = `ragdoll-playground-${version}-setup.exe`;
  const installer = Buffer.from(`a stand-in installer for version ${version}\n`.repeat(64));
  const sha512 = createHash('sha512').update(installer).digest('base64');
  const channelFile = [
    `version: ${version}`,
    'files:',
    `  - url: ${installerName}`,
    `    sha512: ${sha512}`,
    `    size: ${installer.length}`,
    `path: ${installerName}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-12-01T00:00:00.000Z'`,
    '',
  ].join('\n');
  return { installerName, installer, channelFile };
}

export async function startUpdateServer(
  installers: ReadonlyMap<string, Buffer>,
): Promise<UpdateServer> {
  let channelFile: string | 'hang' = 'hang';
  const requests: string[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    if (channelFile === 'hang') {
      hanging.add(response);
      return;
    }
    if (/^\/latest(-[a-z0-9-]+)?\.yml$/.test(path)) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(channelFile);
      return;
    }
    const installer = installers.get(path.slice(1));
    if (installer === undefined) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-length': String(installer.length) }).end(installer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    serve(file) {
      channelFile = file;
    },
    close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
