import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { ProductName } from './ProductName.tsx';

/**
 * The frame of the pages outside the layouts (login, sign-up, reset, set a password, two-step verification): the
 * product, a heading and a card, as on the login page.
 */
export function PublicCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex vertical style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Flex justify="end" style={{ padding: 16 }}>
        <LanguageSwitch />
      </Flex>
      <Flex flex={1} align="center" justify="center" style={{ padding: 16 }}>
        <main
          style={{
            width: '100%',
            maxWidth: 440,
            padding: token.paddingLG,
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
            boxSizing: 'border-box',
          }}
        >
          <Flex vertical align="center" gap={token.marginXS} style={{ marginBottom: token.marginLG }}>
            <ProductName />
            <h1 style={{ margin: 0, fontSize: token.fontSizeLG, fontWeight: 'normal' }}>{title}</h1>
          </Flex>
          {children}
        </main>
      </Flex>
    </Flex>
  );
}
