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

/** Goes to /purchase: through the parent micro-app router when flagged and framed, else with `navigate`. */
export function goToPurchase(navigate: (path: string) => void): void {
  if (hasNewClientFlag() && window.parent !== window) {
    window.parent.postMessage({ type: 'navigate', path: PURCHASE_PATH }, window.location.origin);
    return;
  }
  navigate(PURCHASE_PATH);
}
