import { afterEach, describe, expect, it, vi } from 'vitest';
import { goToPurchase, NEW_CLIENT_FLAG_KEY } from './purchase.ts';

afterEach(() => window.localStorage.removeItem(NEW_CLIENT_FLAG_KEY));

describe('goToPurchase', () => {
  it('opens /purchase on the patent shelf, so the patent services are there at once', () => {
    const navigate = vi.fn();
    goToPurchase(navigate);
    expect(navigate).toHaveBeenCalledWith('/purchase?category=patent');
  });

  it('outside a frame the new-client flag changes nothing', () => {
    window.localStorage.setItem(NEW_CLIENT_FLAG_KEY, '1');
    const navigate = vi.fn();
    goToPurchase(navigate);
    expect(navigate).toHaveBeenCalledWith('/purchase?category=patent');
  });
});
