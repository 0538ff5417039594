import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { newServicePath, type ServicePerformFields, useRowActions } from './row-actions.ts';
import { renderWithApp } from './test-helpers.tsx';

describe('newServicePath (去新服务)', () => {
  const oldPath = '/admin/service-items?keyword=VAT DE&x=1';

  it('sends basic services to the basic-services screen with findValue, categoryIdTopId and the encoded old path', () => {
    expect(
      newServicePath({ serviceCode: 'VATDE2601000001', typeIdTopCode: 'basic', categoryIdTopId: 1 }, oldPath),
    ).toBe(
      '/new-service-management/basic-services?findValue=VATDE2601000001&categoryIdTopId=1' +
        '&oldPath=%2Fadmin%2Fservice-items%3Fkeyword%3DVAT%20DE%26x%3D1',
    );
  });

  it('sends value-added (increment) services to the value-added-services screen', () => {
    expect(
      newServicePath(
        { serviceCode: 'EPRFR2612000225', typeIdTopCode: 'increment', categoryIdTopId: 2 },
        '/x',
      ),
    ).toBe(
      '/new-service-management/value-added-services?findValue=EPRFR2612000225&categoryIdTopId=2&oldPath=%2Fx',
    );
  });

  it('has no path without a service code', () => {
    expect(
      newServicePath({ serviceCode: null, typeIdTopCode: 'basic', categoryIdTopId: 1 }, '/x'),
    ).toBeNull();
    expect(
      newServicePath({ serviceCode: '  ', typeIdTopCode: 'basic', categoryIdTopId: 1 }, '/x'),
    ).toBeNull();
    expect(newServicePath(null, '/x')).toBeNull();
  });
});

function Actions({ perform, code }: { perform?: ServicePerformFields | null; code?: string | null }) {
  const actions = useRowActions();
  return (
    <>
      <button type="button" onClick={() => actions.goToNewService(perform)}>
        去新服务
      </button>
      <button type="button" onClick={() => void actions.copy(code)}>
        复制
      </button>
    </>
  );
}

describe('useRowActions', () => {
  it('去新服务 navigates with the current list path as oldPath', async () => {
    const { user, currentPath } = renderWithApp(
      <Actions perform={{ serviceCode: 'TMUS2601000009', typeIdTopCode: 'increment', categoryIdTopId: 3 }} />,
      { path: '/admin/service-items?page=2' },
    );
    await user.click(await screen.findByRole('button', { name: '去新服务' }));
    expect(currentPath()).toBe(
      '/new-service-management/value-added-services?findValue=TMUS2601000009&categoryIdTopId=3' +
        '&oldPath=%2Fadmin%2Fservice-items%3Fpage%3D2',
    );
  });

  it('去新服务 without a service code shows 数据异常 and stays', async () => {
    const { user, currentPath } = renderWithApp(
      <Actions perform={{ serviceCode: null, typeIdTopCode: 'basic', categoryIdTopId: 1 }} />,
      { path: '/admin/service-items' },
    );
    await user.click(await screen.findByRole('button', { name: '去新服务' }));
    expect(await screen.findByText('数据异常')).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/service-items');
  });

  it('复制 copies the service code and says so', async () => {
    // user-event puts a clipboard stub on navigator.
    const { user } = renderWithApp(<Actions code="VATGB2605000290" />);
    await user.click(await screen.findByRole('button', { name: '复制' }));
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('VATGB2605000290');
  });
});
