import { theme } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';

/** Where a layout shows its current page: a white panel on the layout's background, loading pages lazily. */
export function PageSurface() {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        padding: token.paddingLG,
        minHeight: 280,
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </div>
  );
}
