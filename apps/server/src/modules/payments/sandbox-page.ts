import type { PaymentOrderRow } from '../../db/schema.ts';
import type { Locale, MessageParams } from '../../locales/translate.ts';
import type { MessageKey } from '../../locales/zh-CN.ts';
import { formatMoney } from './service.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);

type Translate = (key: MessageKey, params?: MessageParams) => string;

const STYLE = `body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;margin:0;padding:24px;color:#222}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 8px}.notice{color:#8c6d1f;background:#fffbe6;border:1px solid #ffe58f;padding:8px;border-radius:4px;font-size:13px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:16px 0}dt{color:#888}dd{margin:0;word-break:break-all}
.amount{font-size:24px;font-weight:600;color:#0898A1}form{display:flex;gap:12px}
button{flex:1;padding:12px;border-radius:6px;border:1px solid #ccc;background:#fff;font-size:16px;cursor:pointer}
button.approve{background:#0898A1;border-color:#0898A1;color:#fff}.result{font-size:16px;margin-top:16px}`;

export interface SandboxPageView {
  locale: Locale;
  t: Translate;
  token: string;
  order: PaymentOrderRow | null;
  payable: boolean;
  /** What just happened, shown under the order. */
  message?: MessageKey;
}

/** The sandbox provider's page: plain server-rendered HTML, every value escaped, no script. */
export function renderSandboxPage({ locale, t, token, order, payable, message }: SandboxPageView): string {
  const rows = order
    ? [
        [t('sandbox.merchant'), escapeHtml(t('sandbox.merchantName'))],
        [t('sandbox.orderNo'), escapeHtml(order.order_no)],
        [
          t('sandbox.description'),
          escapeHtml(order.quantity > 1 ? `${order.description} × ${order.quantity}` : order.description),
        ],
        [
          t('sandbox.amount'),
          `<span class="amount">${escapeHtml(formatMoney(Number(order.amount), order.currency))}</span>`,
        ],
      ]
        .map(([label, value]) => `<dt>${escapeHtml(label ?? '')}</dt><dd>${value}</dd>`)
        .join('')
    : '';
  const form = payable
    ? `<form method="post" action="/sandbox-pay/${encodeURIComponent(token)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(t('sandbox.approve'))}</button>
<button type="submit" name="decision" value="decline">${escapeHtml(t('sandbox.decline'))}</button>
</form>`
    : '';
  const result = message ? `<p class="result">${escapeHtml(t(message))}</p>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('sandbox.title'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t('sandbox.title'))}</h1>
<p class="notice">${escapeHtml(t('sandbox.notice'))}</p>
${order ? `<dl>${rows}</dl>` : ''}
${form}
${result}
</main>
</body>
</html>`;
}
