import { Modal, type ModalFuncProps } from 'antd';
import type { ReactElement } from 'react';

/**
 * Asks before a destructive change. Returns the ask function (resolves true on OK) and the element that must be
 * rendered for the dialog to appear (antd's hook API, which follows the app's theme and language).
 */
export function useConfirm(): [(options: ModalFuncProps) => Promise<boolean>, ReactElement] {
  const [modal, holder] = Modal.useModal();
  const ask = async (options: ModalFuncProps) =>
    Boolean(await modal.confirm({ okType: 'danger', ...options }));
  return [ask, holder];
}
