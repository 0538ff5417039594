import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, type Language, setLanguage } from '../locales/i18n.ts';

/** Switches the UI language (remembered in localStorage); antd, dayjs and the API's Accept-Language follow it. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <Segmented<Language>
      size="small"
      aria-label={t('language.label')}
      value={currentLanguage()}
      options={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
      onChange={(language) => void setLanguage(language)}
    />
  );
}
