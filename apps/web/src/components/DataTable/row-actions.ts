import { NEW_SERVICE_PATHS, type ServiceType } from '@kxt/contracts/business';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMessageApi } from '../feedback/message.tsx';

/** A row's servicePerform (spec §3): what 去新服务 needs. */
export interface ServicePerformFields {
  serviceCode?: string | null;
  typeIdTopCode?: ServiceType | string | null;
  categoryIdTopId?: number | null;
}

/**
 * Where 去新服务 leads: the basic or value-added services screen with `findValue` (the service code),
 * `categoryIdTopId` and `oldPath` (the list the user came from, encoded). Null when the service code is missing
 * (or the type is unknown): the data is not usable.
 */
export function newServicePath(
  perform: ServicePerformFields | null | undefined,
  oldPath: string,
): string | null {
  const code = perform?.serviceCode?.trim();
  const base = perform?.typeIdTopCode ? NEW_SERVICE_PATHS[perform.typeIdTopCode as ServiceType] : undefined;
  if (!code || !base) return null;
  const query = [`findValue=${encodeURIComponent(code)}`];
  if (perform?.categoryIdTopId !== null && perform?.categoryIdTopId !== undefined) {
    query.push(`categoryIdTopId=${encodeURIComponent(String(perform.categoryIdTopId))}`);
  }
  query.push(`oldPath=${encodeURIComponent(oldPath)}`);
  return `${base}?${query.join('&')}`;
}

/** Copies text; the Clipboard API where the page may use it, else the old selection trick. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (insecure origin, no permission): try the fallback.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand?.('copy') ?? false;
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** The row actions that are the same on every list: 复制 (a service code) and 去新服务. */
export function useRowActions() {
  const { t } = useTranslation();
  const message = useMessageApi();
  const navigate = useNavigate();
  const location = useLocation();
  return {
    copy: async (text: string | null | undefined) => {
      if (!text) {
        void message.error(t('rowActions.dataError'));
        return;
      }
      if (await copyText(text)) void message.success(t('rowActions.copied'));
      else void message.error(t('rowActions.copyFailed'));
    },
    goToNewService: (perform: ServicePerformFields | null | undefined) => {
      const path = newServicePath(perform, `${location.pathname}${location.search}`);
      if (!path) {
        void message.error(t('rowActions.dataError'));
        return;
      }
      navigate(path);
    },
  };
}
