import { ArrowLeftOutlined } from '@ant-design/icons';
import { SERVICE_CATEGORIES, SERVICE_COUNTRIES, type ServiceType } from '@kxt/contracts/business';
import type { ServiceRow } from '@kxt/contracts/service-catalogue';
import { Alert, Button, Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { keywordColumn } from '../../../components/DataTable/common-columns.tsx';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { countryName, countryValueEnum, formatMoney } from '../../../components/DataTable/format.ts';
import type { DataTableColumn } from '../../../components/DataTable/types.ts';
import { useMessageApi } from '../../../components/feedback/message.tsx';
import { PageTitle } from '../../../components/PageTitle.tsx';
import { safeRedirect } from '../../../components/routing/paths.ts';
import { listServices, type ServiceSource } from '../api/list-services.ts';
import { type OpenedService, OpenServiceDialog } from './OpenServiceDialog.tsx';

const SERVICE_ITEMS_PATH = '/admin/service-items';

/**
 * 去新服务's destination: the catalogue of one service type, on the category and for the customer of the service
 * code it came from (`findValue`, `categoryIdTopId`, `oldPath` in the query), where staff open a new service.
 */
export function NewServiceCatalogue({ type }: { type: ServiceType }) {
  const { t, i18n } = useTranslation();
  const [searchParams] = useSearchParams();
  const findValue = searchParams.get('findValue')?.trim() || undefined;
  const requestedCategory = searchParams.get('categoryIdTopId');
  const category = SERVICE_CATEGORIES.some((item) => String(item.id) === requestedCategory)
    ? (requestedCategory as string)
    : 'all';
  const backPath = safeRedirect(searchParams.get('oldPath'));
  // undefined until the first answer: the source comes with the catalogue.
  const [source, setSource] = useState<ServiceSource | null | undefined>(undefined);
  const [opening, setOpening] = useState<ServiceRow | null>(null);
  const [opened, setOpened] = useState<OpenedService | null>(null);
  const message = useMessageApi();

  const columns: DataTableColumn<ServiceRow>[] = [
    keywordColumn(t('lists.keyword'), t('newService.keywordPlaceholder')),
    { title: t('newService.name'), dataIndex: 'name', search: false, sorter: true },
    {
      title: t('newService.category'),
      dataIndex: 'categoryIdTopId',
      search: false,
      render: (_dom, row) => {
        const code = SERVICE_CATEGORIES.find((item) => item.id === row.categoryIdTopId)?.code;
        return code ? t(`business.category.${code}`) : row.categoryIdTopId;
      },
    },
    {
      title: t('lists.country'),
      dataIndex: 'country',
      valueType: 'select',
      valueEnum: countryValueEnum(SERVICE_COUNTRIES, i18n.language),
      fieldProps: { showSearch: { optionFilterProp: 'label' } },
      sorter: true,
      render: (_dom, row) => countryName(row.country, i18n.language),
    },
    {
      title: t('newService.price'),
      dataIndex: 'price',
      search: false,
      sorter: true,
      align: 'right',
      render: (_dom, row) => formatMoney(row.price, row.currency, i18n.language),
    },
    {
      title: t('rowActions.actions'),
      key: 'actions',
      valueType: 'option',
      fixed: 'right',
      render: (_dom, row) => (
        <Button type="link" size="small" onClick={() => setOpening(row)}>
          {t('newService.open')}
        </Button>
      ),
    },
  ];

  let notice = null;
  if (source) {
    notice = (
      <Alert
        type="info"
        showIcon
        title={t('newService.source', {
          customer: source.customerName,
          code: source.serviceCode,
          country: countryName(source.country, i18n.language),
        })}
      />
    );
  } else if (source === null) {
    notice = (
      <Alert
        type={findValue ? 'warning' : 'info'}
        showIcon
        title={findValue ? t('newService.sourceMissing', { code: findValue }) : t('newService.noSource')}
      />
    );
  }

  return (
    <Flex vertical gap="large">
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <PageTitle
          title={type === 'basic' ? t('newService.basicTitle') : t('newService.valueAddedTitle')}
          description={t('newService.description')}
        />
        <Link to={backPath ?? SERVICE_ITEMS_PATH}>
          <Button icon={<ArrowLeftOutlined />}>
            {backPath ? t('newService.backToList') : t('newService.backOffice')}
          </Button>
        </Link>
      </Flex>
      {notice}
      {opened ? (
        <Alert
          type="success"
          showIcon
          title={t('newService.opened', {
            customer: opened.customerName,
            service: opened.serviceName,
            code: opened.serviceCode,
          })}
          action={
            <Space>
              <Link to={`${SERVICE_ITEMS_PATH}?keyword=${encodeURIComponent(opened.serviceCode)}`}>
                {t('newService.viewNew')}
              </Link>
              {backPath ? <Link to={backPath}>{t('newService.backToList')}</Link> : null}
            </Space>
          }
        />
      ) : null}
      <DataTable<ServiceRow, Awaited<ReturnType<typeof listServices>>>
        tableKey={`new-service.${type}`}
        rowKey="id"
        columns={columns}
        request={listServices}
        params={{ typeIdTopCode: type, findValue }}
        statusTabs={{ dataIndex: 'categoryIdTopId', defaultValue: category }}
        persistQuery={false}
        onLoad={(result) => setSource(result.source ?? null)}
      />
      <OpenServiceDialog
        service={opening}
        source={source ?? null}
        onClose={() => setOpening(null)}
        onOpened={(result) => {
          setOpened(result);
          void message.success(t('newService.success', { code: result.serviceCode }));
        }}
      />
    </Flex>
  );
}
