/** Files of the build (anything with an extension but a page) and every released remote file. */
const STATIC_FILE = /^\/remotes\/|\.(?!html?$)[a-z0-9]{1,8}$/i;

/**
 * A request for a built file rather than a page or a call: its answer carries no cookies, so an
 * immutable asset stays cacheable by any shared cache or CDN in front. (No contract call has a
 * file extension; `/environment.json` needs no cookie either.)
 */
export function isStaticFileRequest(url: string): boolean {
  const pathname = url.split('?', 1)[0] ?? '';
  return STATIC_FILE.test(pathname);
}
