import { AutoComplete } from 'antd';
import type { CSSProperties, KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9: a trademark name is at most 100 characters. */
const MAX_NAME_LENGTH = 100;

/**
 * The trademark-name box (the form's and the floating bar's): Enter searches. antd's AutoComplete, which is built
 * on the Select the form loads anyway, rather than its Input, which would add its own chunk to the first load.
 */
export function NameInput({
  value,
  onChange,
  onEnter,
  style,
}: {
  value: string;
  onChange: (text: string) => void;
  onEnter: () => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Not while an input method is composing: its Enter confirms the characters, as with antd's Input.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) onEnter();
  };
  return (
    <AutoComplete
      aria-label={t('trademarkSearch.name')}
      placeholder={t('trademarkSearch.namePlaceholder')}
      value={value}
      maxLength={MAX_NAME_LENGTH}
      allowClear
      style={style}
      onChange={(text: string | undefined) => onChange(text ?? '')}
      onKeyDown={onKeyDown}
    />
  );
}
