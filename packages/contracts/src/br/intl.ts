/**
 * An Intl formatter made when first used, not when its module loads: the first Intl object a page
 * makes costs it ~35–60 ms of ICU's start-up in Chromium, which a page that never formats with it
 * (the login, the portal's first page) should not pay.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
