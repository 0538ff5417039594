import { message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { createContext, type ReactNode, useContext } from 'react';

const MessageContext = createContext<MessageInstance | null>(null);

/**
 * antd's message API bound to the app's ConfigProvider (theme, locale). Used instead of antd's `<App>`, which
 * would also put Modal and notification into every first load; a page that needs a confirm dialog uses
 * `Modal.useModal()` and pays for it in its own chunk.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, contextHolder] = message.useMessage();
  return (
    <MessageContext.Provider value={api}>
      {contextHolder}
      {children}
    </MessageContext.Provider>
  );
}

/** Shows short feedback (`success`, `error`, `warning`, …) from any component under MessageProvider. */
export function useMessageApi(): MessageInstance {
  const api = useContext(MessageContext);
  if (!api) throw new Error('useMessageApi needs a MessageProvider above it');
  return api;
}
