import { Descriptions, type DescriptionsProps, Drawer } from 'antd';
import type { ReactNode } from 'react';

interface DetailDrawerProps {
  title: ReactNode;
  open: boolean;
  onClose: () => void;
  items: DescriptionsProps['items'];
  extra?: ReactNode;
  footer?: ReactNode;
}

/** 查看: a row's fields in a side drawer. */
export function DetailDrawer({ title, open, onClose, items, extra, footer }: DetailDrawerProps) {
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={560}
      extra={extra}
      footer={footer}
      destroyOnHidden
    >
      <Descriptions column={1} bordered size="small" items={items} />
    </Drawer>
  );
}
