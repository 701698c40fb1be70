/**
 * Which brokerage's client was last signed in on this browser (its public address, nothing of the
 * client's): a client who opens the portal again most likely still is, so their page's code is asked
 * for beside the session check instead of after it. A wrong guess costs one download, never a page.
 */
const KEY = 'corretora.portal.signedIn';

export function wasSignedIn(brokerage: string): boolean {
  try {
    return brokerage !== '' && window.localStorage.getItem(KEY) === brokerage;
  } catch {
    return false;
  }
}

export function rememberSignedIn(brokerage: string | null): void {
  try {
    if (brokerage) window.localStorage.setItem(KEY, brokerage);
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (a private window): the page loads as for a first visit.
  }
}
