import { readFileSync } from 'node:fs';
import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

const PREFIX = 'virtual:zh-CN/';

type Texts = Record<string, unknown>;

/**
 * Splits the Chinese texts (src/locales/zh-CN.json) into parts and gives each module the parts it names. A part is
 * a group's entry one level down (`accounts.profile`), or a whole group where a module builds the rest of the key
 * (`'patent.' + key`, `` `errors.${code}` ``). A source file that mentions `'accounts.profile.open'` (in a `t()`
 * call, a label key or a template) gets `import 'virtual:zh-CN/accounts.profile'`, a module that registers those
 * texts (src/locales/chinese-texts.ts). The bundler then puts each part in the chunk of the pages that read it, so
 * the first load carries only the texts of the first page (the route budgets), while the texts stay one file for
 * people and the type checker. English is one lazy chunk of its own (src/locales/i18n.ts) and is not split.
 */
export function localeParts(webRoot: string): Plugin {
  const source = path.join(webRoot, 'src/locales/zh-CN.json');
  const store = path.join(webRoot, 'src/locales/chinese-texts.ts');
  // The signing page has texts of its own (sign.*.json); the store is what the parts import.
  const skipped = [store, path.join(webRoot, 'src/sign') + path.sep];
  const readTexts = (): Texts => JSON.parse(readFileSync(source, 'utf8'));
  let texts = readTexts();
  return {
    name: 'kxt-locale-parts',
    enforce: 'pre',
    buildStart() {
      texts = readTexts();
    },
    watchChange(id) {
      if (id === source) texts = readTexts();
    },
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      this.addWatchFile(source);
      const [group = '', entry] = id.slice(PREFIX.length + 1).split('.');
      // Read once per build (and again when the file changes in dev), not once per part.
      const groupTexts = texts[group] as Texts | undefined;
      const part = entry === undefined ? groupTexts : groupTexts?.[entry];
      if (part === undefined) this.error(`zh-CN.json has no "${id.slice(PREFIX.length + 1)}"`);
      const registered = { [group]: entry === undefined ? part : { [entry]: part } };
      return `import { addChineseTexts } from ${JSON.stringify(store)};\naddChineseTexts(${JSON.stringify(registered)});\n`;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.(ts|tsx)$/.test(file) || !file.startsWith(path.join(webRoot, 'src') + path.sep))
        return undefined;
      if (skipped.some((skip) => file === skip || file.startsWith(skip))) return undefined;
      const named = new Set<string>();
      for (const [, group = '', entry] of code.matchAll(/['"`]([A-Za-z]\w*)\.(\w+)?/g)) {
        const groupTexts = texts[group] as Texts | undefined;
        if (groupTexts === undefined) continue;
        named.add(entry !== undefined && entry in groupTexts ? `${group}.${entry}` : group);
      }
      if (named.size === 0) return undefined;
      const output = new MagicString(code);
      const imports = [...named].map((part) => `import '${PREFIX}${part}';`);
      output.prepend(`${imports.join('')}\n`);
      return { code: output.toString(), map: output.generateMap({ hires: true, source: file }) };
    },
  };
}
