import { Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

// antd-mobile 5 renders its toasts with React 18's API; React 19 needs the root handed to it
// (https://mobile.ant.design/guide/v5-for-19).
unstableSetRender((node, container) => {
  const host = container as Element & { __signRoot?: Root };
  host.__signRoot ??= createRoot(host);
  const root = host.__signRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__signRoot;
  };
});

/** The page's short messages (antd-mobile Toast). */
export const toast = {
  fail: (content: string) => Toast.show({ icon: 'fail', content }),
  success: (content: string) => Toast.show({ icon: 'success', content }),
  info: (content: string) => Toast.show({ content }),
  loading: (content: string) => Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false }),
  clear: () => Toast.clear(),
};
