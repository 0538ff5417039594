import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../components/DataTable/format.ts';

/** Formats integer minor units (fen) with their currency in the user's language: 260000 CNY → ¥2,600.00. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (minorUnits: number, currency: string) => formatMoney(minorUnits, currency, i18n.language);
}
