import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldControl } from './fields.tsx';
import { cleanSearchValues } from './table-state.ts';
import type { DataTableColumn } from './types.ts';

/** Collapsed, the form shows this many leading fields plus the last one. */
const LEADING_FIELDS = 2;
/** The expand toggle appears only with more fields than this. */
const COLLAPSE_ABOVE = 3;
/**
 * On a phone each field takes a row of its own, so three of them and the buttons fill the first screen before a
 * single row of the list: collapsed, the form shows the first field (the keyword) alone.
 */
const NARROW_COLLAPSE_ABOVE = 1;

/**
 * Which fields show: all when expanded or when there are at most three; else the first two and the last. On a phone
 * (`narrow`), the first alone once there are two or more.
 */
export function visibleFieldIndexes(count: number, expanded: boolean, narrow = false): number[] {
  const all = Array.from({ length: count }, (_, index) => index);
  if (expanded || count <= collapseAbove(narrow)) return all;
  return narrow ? [0] : [...all.slice(0, LEADING_FIELDS), count - 1];
}

function collapseAbove(narrow: boolean): number {
  return narrow ? NARROW_COLLAPSE_ABOVE : COLLAPSE_ABOVE;
}

interface SearchFormProps<Row> {
  fields: DataTableColumn<Row>[];
  /** The submitted values (the form follows them: after a search they come back trimmed, after reset empty). */
  values: Record<string, unknown>;
  expanded: boolean;
  onExpandChange: (expanded: boolean) => void;
  onSearch: (values: Record<string, unknown>) => void;
  onReset: () => void;
  labelWidth?: number;
  /** A phone: fewer fields while collapsed. */
  narrow?: boolean;
}

/** The collapsing search form above the table (查询, 重置, 展开筛选/收起筛选). */
export function SearchForm<Row>({
  fields,
  values,
  expanded,
  onExpandChange,
  onSearch,
  onReset,
  labelWidth = 88,
  narrow = false,
}: SearchFormProps<Row>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const names = fields.map((field) => field.dataIndex as string);
  const namesKey = names.join('\n');

  useEffect(() => {
    const fieldNames = namesKey.split('\n');
    form.setFieldsValue(Object.fromEntries(fieldNames.map((name) => [name, values[name] ?? undefined])));
  }, [form, values, namesKey]);

  const visible = new Set(visibleFieldIndexes(fields.length, expanded, narrow));
  // A filter set in a folded field still narrows the list: the toggle says how many are set, so none goes unseen.
  const foldedSet = fields.filter(
    (field, index) => !visible.has(index) && values[field.dataIndex as string] !== undefined,
  ).length;
  const expandLabel =
    foldedSet > 0
      ? t('table.tabWithCount', { name: t('table.expand'), count: foldedSet })
      : t('table.expand');
  const placeholder = { input: t('table.inputPlaceholder'), select: t('table.selectPlaceholder') };

  return (
    <Form
      form={form}
      role="search"
      aria-label={t('table.searchForm')}
      labelCol={{ flex: `0 0 ${labelWidth}px` }}
      labelWrap
      onFinish={(submitted) => {
        const clean = cleanSearchValues(submitted);
        // Whitespace-only text becomes empty in the box too, not only in the request.
        form.setFieldsValue(Object.fromEntries(names.map((name) => [name, clean[name] ?? undefined])));
        onSearch(clean);
      }}
    >
      <Row gutter={[16, 0]}>
        {fields.map((field, index) => (
          <Col
            key={field.dataIndex}
            xs={24}
            sm={12}
            lg={8}
            xxl={6}
            style={visible.has(index) ? undefined : { display: 'none' }}
          >
            <Form.Item
              name={field.dataIndex}
              label={field.title}
              rules={field.formItemProps?.rules}
              hidden={!visible.has(index)}
            >
              <FieldControl
                valueType={field.valueType}
                valueEnum={field.valueEnum}
                placeholder={placeholder}
                fieldProps={field.fieldProps}
              />
            </Form.Item>
          </Col>
        ))}
        <Col flex="auto">
          <Flex justify="end" gap="small" wrap style={{ marginBottom: 24 }}>
            <Button type="primary" htmlType="submit">
              {t('table.search')}
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue(Object.fromEntries(names.map((name) => [name, undefined])));
                onReset();
              }}
            >
              {t('table.reset')}
            </Button>
            {fields.length > collapseAbove(narrow) ? (
              <Button
                type="link"
                aria-expanded={expanded}
                onClick={() => onExpandChange(!expanded)}
                icon={expanded ? <UpOutlined aria-hidden /> : <DownOutlined aria-hidden />}
                iconPlacement="end"
              >
                {expanded ? t('table.collapse') : expandLabel}
              </Button>
            ) : null}
          </Flex>
        </Col>
      </Row>
    </Form>
  );
}
