import type { AgreementInfo } from '@kxt/contracts/agreements';
import { Button, Checkbox, Dialog, Result, SpinLoading } from 'antd-mobile';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  confirmRead,
  confirmSigned,
  getInfo,
  isInfoSuccess,
  NetworkError,
  readCode,
  uploadSignature,
} from './api.ts';
import { type SignLanguage, type SignMessageKey, useI18n } from './i18n.tsx';
import { toast } from './toast.ts';

// The pad (signature_pad, the popup and its gestures) and the identity check load when first opened, keeping the
// first load small.
const SignaturePopup = lazy(() => import('./SignaturePopup.tsx'));
const IdentityPopup = lazy(() => import('./IdentityPopup.tsx'));

/** Why the agreement did not load: a message of this page, or the server's (which is in the language it was asked). */
type Problem = { key: SignMessageKey } | { text: string };

type View =
  | { kind: 'no-code' }
  | { kind: 'loading' }
  | { kind: 'failed'; problem: Problem; retry: boolean }
  | { kind: 'ready'; info: AgreementInfo };

const formatTime = (iso: string, language: SignLanguage) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The public signing page (spec §2.3, §4, §5, §8): the agreement a link opens, as images; edit mode (agree and
 * sign) until it is signed, view mode after.
 */
export function SignPage({ search }: { search: string }) {
  const { t, language, setLanguage } = useI18n();
  const code = useMemo(() => readCode(search), [search]);
  const [view, setView] = useState<View>(code ? { kind: 'loading' } : { kind: 'no-code' });
  const [agreed, setAgreed] = useState(false);
  const [tipOpen, setTipOpen] = useState(false);
  const [padOpen, setPadOpen] = useState(false);
  const padWanted = useRef(false);
  if (padOpen) padWanted.current = true;
  const [identityOpen, setIdentityOpen] = useState(false);
  const identityWanted = useRef(false);
  if (identityOpen) identityWanted.current = true;
  const [submitting, setSubmitting] = useState(false);
  const readSent = useRef(false);
  // The latest language and messages, without making every change of language reload the agreement.
  const latest = useRef({ t, language });
  latest.current = { t, language };

  const load = useCallback(async () => {
    if (!code) return;
    const { t, language } = latest.current;
    try {
      const result = await getInfo(code, language);
      if (!isInfoSuccess(result.code)) {
        const problem: Problem = result.msg ? { text: result.msg } : { key: 'loadFailed' };
        toast.fail(result.msg || t('loadFailed'));
        setView({ kind: 'failed', problem, retry: false });
        return;
      }
      const info = result.data;
      if (!info) {
        toast.fail(t('linkInvalid'));
        setView({ kind: 'failed', problem: { key: 'linkInvalid' }, retry: false });
        return;
      }
      setView({ kind: 'ready', info });
      if (info.readStatus === 0 && !readSent.current) {
        // Opening the agreement counts as reading it; the answer does not matter to the signer.
        readSent.current = true;
        confirmRead(code, language).catch(() => undefined);
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      setView({ kind: 'failed', problem: { key: 'networkError' }, retry: true });
    }
  }, [code]);

  useEffect(() => {
    void load();
  }, [load]);

  // A message from the server is in the language it was asked in: switching language asks again.
  const serverProblem = view.kind === 'failed' && 'text' in view.problem;
  const shownLanguage = useRef(language);
  useEffect(() => {
    if (shownLanguage.current === language) return;
    shownLanguage.current = language;
    if (serverProblem) void load();
  }, [language, serverProblem, load]);

  const info = view.kind === 'ready' ? view.info : null;
  useEffect(() => {
    document.title = info?.agreementName ?? t('title');
  }, [info, t]);

  /** The pad opens once the signer's identity is confirmed; until then the code and consent come first. */
  const openPad = () => {
    if (info?.signer.confirmed) setPadOpen(true);
    else setIdentityOpen(true);
  };

  const startSigning = () => {
    if (agreed) openPad();
    else setTipOpen(true);
  };

  const identityConfirmed = async () => {
    setIdentityOpen(false);
    await load();
    setPadOpen(true);
  };

  const submit = async (signature: Blob) => {
    if (!code) return;
    setSubmitting(true);
    toast.loading(t('submitting'));
    try {
      const uploaded = await uploadSignature(code, signature, language);
      const url = uploaded.code === 200 ? uploaded.data?.[0]?.url : undefined;
      if (!url) {
        toast.fail(t('uploadFailed'));
        return;
      }
      const confirmed = await confirmSigned(code, url, language);
      if (confirmed.code !== 200) {
        toast.fail(confirmed.msg || t('uploadFailed'));
        return;
      }
      toast.success(t('signSuccess'));
      setPadOpen(false);
      await load();
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      toast.fail(t('networkError'));
    } finally {
      setSubmitting(false);
    }
  };

  const viewMode = Boolean(info?.confirmStatus);
  const identityBlocked = Boolean(info && (info.signer.locked || !info.signer.maskedMobile));

  return (
    <div className="sign-page">
      <header className="sign-header">
        <h1 className="sign-header__title">{info?.agreementName ?? t('title')}</h1>
        <button
          type="button"
          className="sign-header__language"
          onClick={() => setLanguage(language === 'zh-CN' ? 'en-US' : 'zh-CN')}
        >
          {t('languageSwitch')}
        </button>
      </header>

      {view.kind === 'no-code' && (
        <Result status="info" title={t('noCode.title')} description={t('noCode.description')} />
      )}
      {view.kind === 'loading' && (
        <div className="sign-loading" role="status">
          <SpinLoading color="#0898A1" />
          <span>{t('loading')}</span>
        </div>
      )}
      {view.kind === 'failed' && (
        <div className="sign-failed">
          <Result
            status={view.retry ? 'warning' : 'error'}
            title={'key' in view.problem ? t(view.problem.key) : view.problem.text}
          />
          {view.retry && (
            <Button
              color="primary"
              onClick={() => {
                setView({ kind: 'loading' });
                void load();
              }}
            >
              {t('retry')}
            </Button>
          )}
        </div>
      )}

      {info && (
        <>
          <main className="sign-pages">
            <p className="sign-pages__hint">{t('zoomHint')}</p>
            {info.pages.map((src, index) => (
              // A page is an A4 image: on a phone its text is a few pixels high, so a tap opens it at full size.
              <a key={src} href={src} target="_blank" rel="noopener noreferrer" className="sign-pages__link">
                <img
                  src={src}
                  alt={t('pageAlt', { page: index + 1 })}
                  className="sign-pages__image"
                  loading={index === 0 ? 'eager' : 'lazy'}
                />
              </a>
            ))}
          </main>
          <footer className="sign-footer">
            {viewMode ? (
              <div className="sign-footer__row">
                <div className="sign-footer__signed">
                  <strong>{t('signed')}</strong>
                  {info.signedAt && (
                    <span>{t('signedAt', { time: formatTime(info.signedAt, language) })}</span>
                  )}
                </div>
                <Button color="primary" onClick={() => setPadOpen(true)}>
                  {t('viewSignature')}
                </Button>
              </div>
            ) : identityBlocked ? (
              <p className="sign-footer__blocked" role="alert">
                {t(info.signer.locked ? 'identity.locked' : 'identity.noMobile')}
              </p>
            ) : (
              <>
                <Checkbox className="sign-footer__agree" checked={agreed} onChange={setAgreed}>
                  {t('agree', { name: info.agreementName })}
                </Checkbox>
                <Button block color="primary" onClick={startSigning}>
                  {t('confirmSign')}
                </Button>
              </>
            )}
          </footer>
          <Dialog
            visible={tipOpen}
            title={t('tip.title')}
            content={t('tip.content')}
            closeOnAction
            destroyOnClose
            onClose={() => setTipOpen(false)}
            actions={[
              [
                { key: 'cancel', text: t('tip.cancel') },
                {
                  key: 'confirm',
                  text: t('tip.confirm'),
                  bold: true,
                  className: 'sign-dialog__confirm',
                  onClick: () => {
                    setAgreed(true);
                    openPad();
                  },
                },
              ],
            ]}
          />
          {identityWanted.current && code && (
            <Suspense fallback={null}>
              <IdentityPopup
                visible={identityOpen}
                code={code}
                signer={info.signer}
                consent={info.consent}
                onClose={() => setIdentityOpen(false)}
                onConfirmed={() => void identityConfirmed()}
                onLocked={() => {
                  setIdentityOpen(false);
                  void load();
                }}
              />
            </Suspense>
          )}
          {padWanted.current && (
            <Suspense
              fallback={
                <div className="sign-pad-loading" role="status">
                  <SpinLoading color="primary" />
                </div>
              }
            >
              <SignaturePopup
                visible={padOpen}
                readOnly={viewMode}
                background={viewMode ? info.confirmFile : undefined}
                submitting={submitting}
                onClose={() => setPadOpen(false)}
                onSubmit={(signature) => void submit(signature)}
              />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
