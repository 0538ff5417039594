import { CSRF_COOKIE } from '@kxt/contracts/auth-constants';
import type { ServiceRow } from '@kxt/contracts/service-catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../components/DataTable/test-helpers.tsx';
import { fail, type MockReply, mockApi, ok, setCookie } from '../../../test/mock-api.ts';
import BasicServicesPage from './BasicServicesPage.tsx';
import ValueAddedServicesPage from './ValueAddedServicesPage.tsx';

const button = (label: string) => new RegExp(label.split('').join('\\s?'));

const services: ServiceRow[] = [
  {
    id: 23,
    name: '法国EPR 包装法注册',
    typeIdTopCode: 'basic',
    categoryIdTopId: 2,
    country: 'FR',
    price: 180000,
    currency: 'CNY',
  },
];
const categories = [
  { status: 'all', statusName: '全部', count: 26 },
  { status: '1', statusName: 'VAT 税务', count: 10 },
  { status: '2', statusName: 'EPR 合规', count: 3 },
];
const source = {
  serviceCode: 'EPRFR2612000225',
  customerId: 39,
  customerName: '深圳市新锐跨境电商有限公司',
  country: 'FR',
};

function catalogue(withSource: boolean, post: MockReply = ok({ id: 301, serviceCode: 'EPRFR2611210427' })) {
  return mockApi({
    'GET /api/table-layouts/new-service.basic': ok(null),
    'GET /api/table-layouts/new-service.increment': ok(null),
    'GET /api/admin/services': {
      status: 200,
      body: {
        code: 200,
        msg: 'OK',
        rows: services,
        total: 1,
        statusTabList: categories,
        source: withSource ? source : null,
      },
    },
    'GET /api/admin/customers': {
      status: 200,
      body: {
        code: 200,
        msg: 'OK',
        rows: [{ id: 7, name: '杭州海岳贸易有限公司' }],
        total: 1,
        statusTabList: [],
      },
    },
    'POST /api/admin/service-items': post,
  });
}

const fromList =
  '/new-service-management/basic-services?findValue=EPRFR2612000225&categoryIdTopId=2&oldPath=%2Fadmin%2Fservice-items%3Fpage%3D2';

beforeEach(() => setCookie(CSRF_COOKIE, 'csrf'));

describe('new-service screens', () => {
  it('lists the catalogue for the code and category 去新服务 came with, naming the customer', async () => {
    const server = catalogue(true);
    renderWithApp(<BasicServicesPage />, { path: fromList });

    expect(await screen.findByText(/为客户「深圳市新锐跨境电商有限公司」开通新服务/)).toBeInTheDocument();
    const query = server.callsTo('GET /api/admin/services')[0]?.url.searchParams;
    expect(Object.fromEntries(query ?? [])).toEqual({
      pageNum: '1',
      pageSize: '10',
      categoryIdTopId: '2',
      typeIdTopCode: 'basic',
      findValue: 'EPRFR2612000225',
    });
    expect(screen.getByRole('tab', { name: 'EPR 合规 (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('¥1,800.00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回列表/ })).toHaveAttribute(
      'href',
      '/admin/service-items?page=2',
    );
  });

  it('opens the service for that customer after confirming, then links to the new item', async () => {
    const server = catalogue(true);
    const { user } = renderWithApp(<BasicServicesPage />, { path: fromList });
    await user.click(await screen.findByRole('button', { name: button('开通') }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('深圳市新锐跨境电商有限公司')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/service-items')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));

    await waitFor(() => expect(server.callsTo('POST /api/admin/service-items')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/service-items')[0]?.body).toEqual({
      customerId: 39,
      serviceId: 23,
      previousServiceCode: 'EPRFR2612000225',
    });
    expect(await screen.findByText('开通成功，服务编号 EPRFR2611210427')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看新服务' })).toHaveAttribute(
      'href',
      '/admin/service-items?keyword=EPRFR2611210427',
    );
  });

  it('keeps the dialog open with the reason when the server refuses', async () => {
    catalogue(true, fail(400, '该服务已下架或不存在'));
    const { user } = renderWithApp(<BasicServicesPage />, { path: fromList });
    await user.click(await screen.findByRole('button', { name: button('开通') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    expect(await within(dialog).findByText('该服务已下架或不存在')).toBeInTheDocument();
  });

  it('without a source the customer must be chosen', async () => {
    const server = catalogue(false);
    const { user } = renderWithApp(<ValueAddedServicesPage />, {
      path: '/new-service-management/value-added-services',
    });
    expect(await screen.findByText('开通时请选择客户。')).toBeInTheDocument();
    expect(server.callsTo('GET /api/admin/services')[0]?.url.searchParams.get('typeIdTopCode')).toBe(
      'increment',
    );

    await user.click(screen.getByRole('button', { name: button('开通') }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    expect(await within(dialog).findByText('请选择客户')).toBeInTheDocument();
    expect(server.callsTo('POST /api/admin/service-items')).toHaveLength(0);

    const field = within(dialog).getByText('客户').closest('.ant-form-item') as HTMLElement;
    await user.click(within(field).getByRole('combobox'));
    await user.click(await screen.findByTitle('杭州海岳贸易有限公司'));
    await user.click(within(dialog).getByRole('button', { name: '确认开通' }));
    await waitFor(() => expect(server.callsTo('POST /api/admin/service-items')).toHaveLength(1));
    expect(server.callsTo('POST /api/admin/service-items')[0]?.body).toEqual({
      customerId: 7,
      serviceId: 23,
    });
    expect(
      await screen.findByText(/已为「杭州海岳贸易有限公司」开通「法国EPR 包装法注册」/),
    ).toBeInTheDocument();
  });
});
