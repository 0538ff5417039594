import { translate } from '../../../locales/translate.ts';
import { currentSeal } from './seal-key.ts';
import type { SealInput } from './seal-pdf.ts';

/** What buildSignedPdf needs to seal a signed agreement: this process's key and the texts a PDF reader shows. */
export function sealInput(): SealInput & { verifyUrl: string } {
  const seal = currentSeal();
  return {
    key: seal.key,
    ...(seal.tsaUrl ? { tsaUrl: seal.tsaUrl } : {}),
    reason: `${translate('zh-CN', 'seal.reason')} / ${translate('en-US', 'seal.reason')}`,
    location: `${translate('zh-CN', 'seal.location')} / ${translate('en-US', 'seal.location')}`,
    contactInfo: seal.verifyUrl,
    name: translate('en-US', 'report.product'),
    verifyUrl: seal.verifyUrl,
  };
}
