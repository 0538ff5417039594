import { createHash } from 'node:crypto';

/** Fill colours of the generated logos: dark enough for white initials to meet WCAG AA (≥ 4.5:1). */
const COLOURS = ['#0b5f66', '#1f4e8c', '#7a2e8e', '#8c3b1f', '#2f6b2f', '#6b4e16', '#3d3d8f', '#8a1f4a'];
const SHAPES = ['circle', 'square', 'diamond', 'hexagon'] as const;

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/** The initials a logo shows: the first letter of the first two words, or the first two characters of one word. */
export function initialsOf(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/[\s\-_.&/]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  const chars = (word: string) => [...word].filter((c) => /[\p{L}\p{N}]/u.test(c));
  const first = chars(words[0] ?? '');
  const second = chars(words[1] ?? '');
  const picked = second.length > 0 ? [first[0], second[0]] : first.slice(0, 2);
  return picked.join('').toLocaleUpperCase('en-US') || '?';
}

function shapeOf(kind: (typeof SHAPES)[number], fill: string): string {
  switch (kind) {
    case 'circle':
      return `<circle cx="64" cy="64" r="60" fill="${fill}"/>`;
    case 'square':
      return `<rect x="6" y="6" width="116" height="116" rx="22" fill="${fill}"/>`;
    case 'diamond':
      return `<polygon points="64,2 126,64 64,126 2,64" fill="${fill}"/>`;
    default:
      return `<polygon points="64,4 116,34 116,94 64,124 12,94 12,34" fill="${fill}"/>`;
  }
}

/**
 * A simple logo for a generated figurative mark: its initials in white on a shape and colour picked by a hash of
 * the mark's register and number, so the same mark always gets the same picture. The demo has no office images; an
 * image the product makes itself never breaks and never sends the browser to another host.
 */
export function markLogoSvg(dataset: string, applicationNumber: string, name: string): string {
  const hash = createHash('sha256').update(`${dataset}\n${applicationNumber}`).digest();
  const fill = COLOURS[(hash[0] ?? 0) % COLOURS.length] as string;
  const shape = SHAPES[(hash[1] ?? 0) % SHAPES.length] ?? 'circle';
  const initials = initialsOf(name);
  const size = [...initials].length > 1 ? 44 : 56;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128" role="img">` +
    `<title>${escapeXml(name)}</title>${shapeOf(shape, fill)}` +
    `<text x="64" y="64" dy="0.35em" text-anchor="middle" font-family="'Noto Sans CJK SC','Noto Sans SC',Arial,sans-serif" font-weight="700" font-size="${size}" fill="#ffffff">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}
