import { describe, expect, it } from 'vitest';
import { deviceName } from './device.ts';

describe('deviceName', () => {
  it('names the browser and the system', () => {
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari · iPhone');
    expect(
      deviceName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0',
      ),
    ).toBe('Edge · Windows');
  });

  it('keeps an unknown agent short, and has nothing for none', () => {
    expect(deviceName('curl/8.0')).toBe('curl/8.0');
    expect(deviceName(null)).toBeNull();
  });
});
