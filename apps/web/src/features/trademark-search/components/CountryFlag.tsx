import { GlobalOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';

// The package's SVG files as asset URLs, so a flag costs the route a file name rather than a React component.
// The pattern names exactly the offered markets' flags (countries.ts; EM shows the EU's): ~260 would ship otherwise.
// `no-inline`: small SVGs would be inlined into the script as data URLs and count against the first load.
// `@country-flags` is the package's 3x2 folder (vite.config.ts): globs cannot name a package.
const FLAG_FILES: Readonly<Record<string, string>> = import.meta.glob(
  '@country-flags/{AE,AT,AU,BE,BG,BR,CA,CH,CN,CY,CZ,DE,DK,EE,ES,EU,FI,FR,GB,GR,HK,HR,HU,ID,IE,IN,IT,JP,KR,LT,LU,LV,MT,MX,MY,NL,NO,NZ,PH,PL,PT,RO,RU,SA,SE,SG,SI,SK,TH,TR,TW,US,VN,ZA}.svg',
  { eager: true, import: 'default', query: '?url&no-inline' },
);

/** The flag file of each market code (file names are the codes; EM, the EU trade mark, uses the EU flag). */
const FLAGS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(FLAG_FILES).map(([file, url]) => {
    const code = /([A-Z]{2})\.svg$/.exec(file)?.[1] ?? file;
    return [code === 'EU' ? 'EM' : code, url];
  }),
);

const size: CSSProperties = { width: 18, height: 12, flex: 'none', verticalAlign: 'middle' };

/**
 * A market's flag (EM shows the EU's); organisations and unknown markets show a globe. The market's name is always
 * written beside it, so the image is decorative: empty alt text keeps screen readers from reading the name twice.
 */
export function CountryFlag({ code }: { code: string }) {
  const src = FLAGS[code];
  if (!src) return <GlobalOutlined aria-hidden style={{ ...size, fontSize: 12, width: 18 }} />;
  return (
    <img
      src={src}
      alt=""
      width={18}
      height={12}
      loading="lazy"
      decoding="async"
      style={{ ...size, borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,0.08)' }}
    />
  );
}
