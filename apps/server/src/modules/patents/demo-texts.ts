/** A text kept in both languages the product speaks. */
export interface Bilingual {
  zh: string;
  en: string;
}

/** The demo's patent service names by patent type (1 design, 2 invention, 3 utility model). */
export const DEMO_SERVICE_NAMES: Record<1 | 2 | 3, Bilingual> = {
  1: { zh: '外观专利注册', en: 'Design patent registration' },
  2: { zh: '发明专利注册', en: 'Invention patent registration' },
  3: { zh: '实用新型专利注册', en: 'Utility model patent registration' },
};

const JP = 42;

export interface DemoRule {
  version: number;
  patentType: number | null;
  countryId: number | null;
  title: Bilingual;
  content: Bilingual;
}

/** Two versions of the materials form's additional rules, in both languages. */
export const DEMO_RULES: readonly DemoRule[] = [
  {
    version: 1,
    patentType: null,
    countryId: null,
    title: { zh: '资料要求', en: 'Materials requirements' },
    content: { zh: '请上传清晰的产品图片。', en: 'Please upload clear product pictures.' },
  },
  {
    version: 2,
    patentType: null,
    countryId: null,
    title: { zh: '资料要求', en: 'Materials requirements' },
    content: {
      zh: '申请人中英文名称须与营业执照一致；图片为白底、无水印。',
      en: "The applicant's Chinese and English names must match the business licence; pictures on a white background, without watermarks.",
    },
  },
  {
    version: 2,
    patentType: 1,
    countryId: null,
    title: { zh: '外观设计视图', en: 'Design views' },
    content: {
      zh: '外观设计须提供主视图、后视图、左视图、右视图、俯视图、仰视图和立体图。',
      en: 'A design needs the front, rear, left, right, top and bottom views and a perspective view.',
    },
  },
  {
    version: 2,
    patentType: null,
    countryId: JP,
    title: { zh: '日本委任状', en: 'Japanese power of attorney' },
    content: {
      zh: '日本申请须提供签字的委任状（代理人委任书）。',
      en: 'A Japanese application needs a signed power of attorney for the agent.',
    },
  },
];
