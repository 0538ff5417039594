import {
  ADDITIONAL_RULES_CACHE_KEY,
  type AdditionalRule,
  MATERIALS_FORM_CACHE_KEY,
} from '@kxt/contracts/patents';

/** What the list hands to /form/submit through local storage (spec §2.4: the form parameters are cached). */
export interface MaterialsFormParams {
  id: number;
  serviceCode: string;
  status: number;
  patentType: number;
  countryCode: string;
  countryName: string;
  productName: string | null;
  /** The newest version of the order's additional rules. */
  rulesVersion: number;
}

interface CachedRules {
  version: number;
  rules: AdditionalRule[];
}

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the form loads everything from the server anyway.
  }
}

export function rulesVersion(rules: readonly AdditionalRule[]): number {
  return rules.reduce((max, rule) => Math.max(max, rule.version), 0);
}

/** Rules differ per language, market and patent type; each is cached under its own entry. */
function rulesEntry(language: string, countryCode: string, patentType: number): string {
  return `${language}:${countryCode}:${patentType}`;
}

export function saveMaterialsFormParams(params: MaterialsFormParams): void {
  write(MATERIALS_FORM_CACHE_KEY, params);
}

export function readMaterialsFormParams(id: number): MaterialsFormParams | null {
  const params = read<MaterialsFormParams>(MATERIALS_FORM_CACHE_KEY);
  return params && params.id === id ? params : null;
}

/** The cached rules of a language, market and type at version `version`; null when missing or outdated. */
export function cachedRules(
  language: string,
  countryCode: string,
  patentType: number,
  version: number,
): AdditionalRule[] | null {
  const entry =
    read<Record<string, CachedRules>>(ADDITIONAL_RULES_CACHE_KEY)?.[
      rulesEntry(language, countryCode, patentType)
    ];
  return entry && entry.version === version ? entry.rules : null;
}

/** Keeps the rules (in `language`, as the server sent them) unless the same version is cached already. */
export function cacheRules(
  language: string,
  countryCode: string,
  patentType: number,
  rules: AdditionalRule[],
): void {
  const all = read<Record<string, CachedRules>>(ADDITIONAL_RULES_CACHE_KEY) ?? {};
  const key = rulesEntry(language, countryCode, patentType);
  const version = rulesVersion(rules);
  if (all[key]?.version === version) return;
  write(ADDITIONAL_RULES_CACHE_KEY, { ...all, [key]: { version, rules } });
}
