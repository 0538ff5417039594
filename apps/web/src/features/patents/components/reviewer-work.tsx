import { DownloadOutlined } from '@ant-design/icons';
import type { AdminPatentRow, PatentActor, PatentRow } from '@kxt/contracts/patents';
import { Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/DataTable/confirm.tsx';
import type { RowAction } from '../../../components/DataTable/RowActions.tsx';
import { AdminPatentDrawer } from './AdminPatentDrawer.tsx';
import { DeadlineCorrectionDialog } from './DeadlineCorrectionDialog.tsx';
import { EntryDialog, type EntryKind } from './EntryDialogs.tsx';
import { FilingReceiptDialog } from './FilingReceiptDialog.tsx';
import { MaterialsDrawer } from './MaterialsView.tsx';
import { OfficeActionDialog } from './OfficeActionDialog.tsx';
import { RegistrationDialog } from './RegistrationDialog.tsx';
import { ReviewDialog } from './ReviewDialog.tsx';
import { type ReviewerAction, reviewerActions, reviewerNextStep } from './reviewer-actions.ts';
import { type FormlessTransition, TransitionDialog } from './TransitionDialog.tsx';
import { UsFilingDialog } from './UsFilingDialog.tsx';

type Dialog =
  | {
      kind:
        | 'reviewMaterials'
        | 'reviewReply'
        | 'filingReceipt'
        | 'usFiling'
        | 'officeAction'
        | 'correctDeadline'
        | 'registration';
    }
  | { kind: 'entry'; entry: EntryKind }
  | { kind: 'transition'; transition: FormlessTransition };

const ENTRY_OF: Partial<Record<ReviewerAction, EntryKind>> = {
  reviewReceipt: 'reviewReceipt',
  certificate: 'certificate',
  setAuthorizationFee: 'authorizationFee',
  expeditedNotice: 'expeditedNotice',
};
const TRANSITION_OF: Partial<Record<ReviewerAction, FormlessTransition>> = {
  allow: 'allow',
  waiveAuthorizationFee: 'waiveAuthorizationFee',
  registerJapan: 'registerJapan',
  cancel: 'cancel',
  refund: 'refund',
  close: 'close',
};
const DANGER: readonly ReviewerAction[] = ['cancel', 'refund', 'close'];

export interface ReviewerWork {
  /** The reviewer's next step first, then 查看, then the other steps (cancel, refund and close last). */
  rowActions: (row: AdminPatentRow) => RowAction[];
  /** The drawer and every dialog the row actions open; render once. */
  elements: ReactNode;
}

/**
 * The reviewer's work on an order, shared by the full list and the queue: the row actions of the contract's
 * transition table and the dialog each opens. `onDone` runs after any saved step (to reload what lists the order).
 */
export function useReviewerWork(actor: PatentActor, onDone: () => void): ReviewerWork {
  const { t } = useTranslation();
  const [confirm, confirmHolder] = useConfirm();
  const [viewing, setViewing] = useState<number | null>(null);
  const [active, setActive] = useState<{ dialog: Dialog; row: AdminPatentRow } | null>(null);
  const [materialsId, setMaterialsId] = useState<number | null>(null);

  const close = () => setActive(null);
  const open = (action: ReviewerAction, row: AdminPatentRow) => {
    const entry = ENTRY_OF[action];
    const transition = TRANSITION_OF[action];
    if (entry) setActive({ dialog: { kind: 'entry', entry }, row });
    else if (transition) setActive({ dialog: { kind: 'transition', transition }, row });
    else setActive({ dialog: { kind: action as 'reviewMaterials' }, row });
  };
  const rowOf = (kind: Dialog['kind']) => (active?.dialog.kind === kind ? active.row : null);

  const confirmTransition = (transition: FormlessTransition, row: PatentRow) =>
    confirm({
      title: t('patent.admin.confirmTitle', { action: t(`patent.transitions.${transition}`) }),
      content: t('patent.admin.confirmContent', { serviceCode: row.serviceCode }),
      okText: t(`patent.transitions.${transition}`),
    });

  const rowActions = (row: AdminPatentRow): RowAction[] => {
    const actions = reviewerActions(row, actor).map(
      (action): RowAction => ({
        key: action,
        label: t(`patent.reviewerActions.${action}`),
        danger: DANGER.includes(action),
        onClick: () => open(action, row),
      }),
    );
    const view: RowAction = { key: 'view', label: t('rowActions.view'), onClick: () => setViewing(row.id) };
    // The next step leads only when the order waits on staff; otherwise 查看 does, and the rest follow.
    const next = reviewerNextStep(row, actor);
    const first = actions.filter((action) => action.key === next);
    return [...first, view, ...actions.filter((action) => action.key !== next)];
  };

  const materialsRow = rowOf('reviewMaterials');
  const replyRow = rowOf('reviewReply');
  const elements = (
    <>
      {confirmHolder}
      <AdminPatentDrawer id={viewing} onClose={() => setViewing(null)} />
      <MaterialsDrawer id={materialsId} scope="admin" onClose={() => setMaterialsId(null)} />
      <ReviewDialog subject="materials" row={materialsRow} onClose={close} onDone={onDone}>
        <Button style={{ marginBottom: 16 }} onClick={() => materialsRow && setMaterialsId(materialsRow.id)}>
          {t('patent.admin.openMaterials')}
        </Button>
      </ReviewDialog>
      <ReviewDialog subject="reply" row={replyRow} onClose={close} onDone={onDone}>
        <Button
          style={{ marginBottom: 16 }}
          icon={<DownloadOutlined />}
          href={replyRow?.answerDataUrl ?? undefined}
          disabled={!replyRow?.answerDataUrl}
          download
        >
          {t('patent.actions.downloadReplyPackage')}
        </Button>
      </ReviewDialog>
      <FilingReceiptDialog row={rowOf('filingReceipt')} onClose={close} onDone={onDone} />
      <UsFilingDialog row={rowOf('usFiling')} onClose={close} onDone={onDone} />
      <OfficeActionDialog row={rowOf('officeAction')} onClose={close} onDone={onDone} />
      <DeadlineCorrectionDialog row={rowOf('correctDeadline')} onClose={close} onDone={onDone} />
      <RegistrationDialog row={rowOf('registration')} onClose={close} onDone={onDone} />
      <EntryDialog
        kind={active?.dialog.kind === 'entry' ? active.dialog.entry : null}
        row={active?.dialog.kind === 'entry' ? active.row : null}
        onClose={close}
        onDone={onDone}
      />
      <TransitionDialog
        transition={active?.dialog.kind === 'transition' ? active.dialog.transition : null}
        row={active?.dialog.kind === 'transition' ? active.row : null}
        onClose={close}
        onDone={onDone}
        confirm={confirmTransition}
      />
    </>
  );
  return { rowActions, elements };
}
