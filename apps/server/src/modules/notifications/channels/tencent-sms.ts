import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { TencentSmsConfig } from '../config.ts';
import type { SmsProvider } from './sms.ts';

/** The slice of Tencent Cloud's SMS client this adapter calls (tests stand in for it). */
export interface TencentSmsClient {
  SendSms(request: {
    PhoneNumberSet: string[];
    SmsSdkAppId: string;
    TemplateId: string;
    SignName?: string;
    TemplateParamSet?: string[];
  }): Promise<{ SendStatusSet?: { Code?: string; Message?: string; SerialNo?: string }[] }>;
}

/** Mainland numbers are sent in E.164 form; a number without a country code is taken as +86. */
export const e164 = (phone: string) => {
  const digits = phone.replace(/[\s-]/g, '');
  return digits.startsWith('+') ? digits : `+86${digits}`;
};

/**
 * Tencent Cloud SMS through its official SDK (`tencentcloud-sdk-nodejs-sms`, API 2021-01-11). Tencent sends only
 * approved templates: the configured template has one parameter, which receives the message's text.
 */
export function tencentSms(config: TencentSmsConfig, client?: TencentSmsClient): SmsProvider {
  const api: TencentSmsClient =
    client ??
    new sms.v20210111.Client({
      credential: { secretId: config.secretId, secretKey: config.secretKey },
      region: config.region,
    });
  return {
    name: 'tencent',
    async send(phone, text) {
      const answer = await api.SendSms({
        PhoneNumberSet: [e164(phone)],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: config.templateId,
        TemplateParamSet: [text],
      });
      const status = answer.SendStatusSet?.[0];
      if (status?.Code !== 'Ok')
        throw new Error(`Tencent SMS: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`);
      return { ref: status.SerialNo ?? '' };
    },
  };
}
