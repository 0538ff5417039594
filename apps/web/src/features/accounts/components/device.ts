/** A short "browser on system" name for a session's user-agent string, enough to recognise one's own devices. */
export function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser =
    [
      ['Edg/', 'Edge'],
      ['MicroMessenger', 'WeChat'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? null;
  const system =
    [
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Windows', 'Windows'],
      ['Mac OS X', 'macOS'],
      ['Linux', 'Linux'],
    ].find(([marker]) => userAgent.includes(marker as string))?.[1] ?? null;
  if (!browser && !system) return userAgent.slice(0, 60);
  return [browser, system].filter(Boolean).join(' · ');
}
