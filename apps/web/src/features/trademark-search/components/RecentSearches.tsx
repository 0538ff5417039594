import { CloseOutlined } from '@ant-design/icons';
import { Button, Flex, Tag } from 'antd';
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
  if (!list.length) return null;
  return (
    <Flex wrap gap="small" align="center" role="group" aria-label={t('trademarkSearch.recent.title')}>
      <span>{t('trademarkSearch.recent.title')}:</span>
      {list.map((text) => (
        <Tag key={text} style={{ marginInlineEnd: 0 }}>
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
        </Tag>
      ))}
      <Button type="link" size="small" onClick={onClear}>
        {t('trademarkSearch.recent.clear')}
      </Button>
    </Flex>
  );
}
