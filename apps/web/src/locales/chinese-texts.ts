/** Part of zh-CN.json (`{ accounts: { profile: {…} } }`), as a build-time locale part carries it. */
export type TextPart = { [key: string]: string | TextPart };

const loaded: TextPart = {};
let sink: ((part: TextPart) => void) | undefined;

/**
 * Called by the locale parts (build/locale-parts.ts) as the modules that use them load: each page's chunk carries
 * the Chinese texts it reads, so the first load does not carry every feature's texts. No imports here, so a part can
 * load before or after i18n.ts.
 */
export function addChineseTexts(part: TextPart): void {
  merge(loaded, part);
  sink?.(part);
}

function merge(into: TextPart, part: TextPart): void {
  for (const [key, value] of Object.entries(part)) {
    const present = into[key];
    if (typeof value === 'object' && typeof present === 'object') merge(present, value);
    else into[key] = typeof value === 'object' ? structuredClone(value) : value;
  }
}

/** The texts loaded so far, then every later part as it arrives. */
export function receiveChineseTexts(receive: (part: TextPart) => void): void {
  receive(structuredClone(loaded));
  sink = receive;
}
