import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useTranslation } from 'react-i18next';

const plain = { all: 'unset', cursor: 'pointer' } as const;

/** The recent searches under the name input: click one to refill the name, delete one, or clear all. */
export function RecentSearches({
  list,
  onPick,
  onRemove,
  onClear,
}: {
  list: readonly string[];
  onPick: (text: string) => void;
  onRemove: (text: string) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  if (!list.length) return null;
  // Drawn like antd's Tag with the theme's tokens, which keeps the Tag component out of the first load.
  const chip = {
    display: 'inline-flex',
    paddingInline: token.paddingXS - 1,
    fontSize: token.fontSizeSM,
    lineHeight: `${token.lineHeightSM * token.fontSizeSM}px`,
    background: token.colorFillQuaternary,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
    borderRadius: token.borderRadiusSM,
  } as const;
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label={t('trademarkSearch.recent.title')}>
      <span>{t('trademarkSearch.recent.title')}:</span>
      {list.map((text) => (
        <span key={text} style={chip}>
          <Flex gap={6} align="center">
            <button type="button" style={plain} onClick={() => onPick(text)}>
              {text}
            </button>
            <button
              type="button"
              style={{ ...plain, fontSize: 10 }}
              aria-label={t('trademarkSearch.recent.remove', { text })}
              onClick={() => onRemove(text)}
            >
              <CloseOutlined />
            </button>
          </Flex>
        </span>
      ))}
      <Button type="link" size="small" onClick={onClear}>
        {t('trademarkSearch.recent.clear')}
      </Button>
    </Flex>
  );
}
