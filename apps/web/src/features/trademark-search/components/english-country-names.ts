import { countries } from 'i18n-iso-countries/langs/en.json';

/** The English country names of i18n-iso-countries, in a module of their own so they can load on demand. */
export const ENGLISH_NAMES: Readonly<Record<string, string | readonly string[]>> = countries;
