import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The server package's folder: the nearest package.json above this file (src/ or the dist/ bundle). */
function serverPackageDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** The built web app: packages/web/dist beside the server package. */
export const defaultWebDist = path.join(serverPackageDir(), '..', 'web', 'dist');

/**
 * Serves the single-page app. Any GET that is not an API call and not a file gets index.html,
 * so unknown paths land on the login page (the client routes `*` to `/`).
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const root = path.resolve(webDist);
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: serving the API only (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    cacheControl: false,
    // The build's brotli and gzip copies (vite-plugin-compression2) go to browsers that accept them.
    preCompressed: true,
    // Hashed assets never change; index.html must always be revalidated.
    setHeaders(res, filePath) {
      // The answer depends on Accept-Encoding (preCompressed): a shared cache must key on it.
      res.setHeader('vary', 'accept-encoding');
      res.setHeader(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}
