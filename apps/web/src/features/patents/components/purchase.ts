/**
 * Local-storage flag set by the onboarding shell for a client that has not bought anything yet. When it is there the
 * portal runs inside the micro-app frame, and 购买服务 must move the parent app's router rather than this page's.
 */
export const NEW_CLIENT_FLAG_KEY = 'kxt.newClient';
export const PURCHASE_PATH = '/purchase';

function hasNewClientFlag(): boolean {
  try {
    const value = window.localStorage.getItem(NEW_CLIENT_FLAG_KEY);
    return Boolean(value) && value !== '0' && value !== 'false';
  } catch {
    return false;
  }
}

/** /purchase opened on the patent shelf: from the patent list, the patent services are what the customer wants. */
export const PATENT_PURCHASE_PATH = `${PURCHASE_PATH}?category=patent`;

/**
 * Goes to /purchase: through the parent micro-app router when flagged and framed (to the path the shell knows),
 * else with `navigate`, straight to the patent services.
 */
export function goToPurchase(navigate: (path: string) => void): void {
  if (hasNewClientFlag() && window.parent !== window) {
    window.parent.postMessage({ type: 'navigate', path: PURCHASE_PATH }, window.location.origin);
    return;
  }
  navigate(PATENT_PURCHASE_PATH);
}
