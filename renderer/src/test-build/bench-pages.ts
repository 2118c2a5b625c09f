/**
 * The test build's benchmark pages (bench-pages.html, never in the installed app), one per
 * `?page=`: `bare-avatars` (the avatar scene's drawing over recorded bodies, no physics),
 * `avatars-thread` (the same avatars over a physics worker) and `dolls-thread` (box dolls on a
 * physics worker). Each sets its own hook on `window` as it loads.
 */
const PAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  'bare-avatars': () => import('./bare-avatars-page'),
  'avatars-thread': () => import('./avatars-thread-page'),
  'dolls-thread': () => import('./dolls-thread-page'),
};

const asked = new URLSearchParams(location.search).get('page') ?? '';
const page = PAGES[asked];
if (page === undefined) {
  throw new Error(
    `bench: no page "${asked}"; ask for ?page= one of ${Object.keys(PAGES).join(', ')}`,
  );
}
await page();

export {};
