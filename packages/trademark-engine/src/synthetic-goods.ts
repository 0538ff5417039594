import { type Random, weighted } from './synthetic-random.ts';

/**
 * A few goods or services per Nice class, in English with a Chinese translation, for synthetic marks. Written for this
 * package as short paraphrases; they are not the official class headings.
 */
export const GOODS_BY_CLASS: Readonly<Record<number, ReadonlyArray<readonly [string, string]>>> = {
  1: [
    ['Industrial chemicals', '工业用化学品'],
    ['Fertilisers', '肥料'],
    ['Adhesives for industry', '工业用粘合剂'],
  ],
  2: [
    ['Paints', '涂料'],
    ['Varnishes', '清漆'],
    ['Printing inks', '印刷油墨'],
  ],
  3: [
    ['Cosmetics', '化妆品'],
    ['Shampoos', '洗发液'],
    ['Perfumes', '香水'],
    ['Toothpaste', '牙膏'],
  ],
  4: [
    ['Candles', '蜡烛'],
    ['Lubricants', '润滑油'],
    ['Fuels', '燃料'],
  ],
  5: [
    ['Pharmaceuticals', '药品'],
    ['Dietary supplements', '膳食补充剂'],
    ['Disinfectants', '消毒剂'],
  ],
  6: [
    ['Metal fittings', '金属配件'],
    ['Metal locks', '金属锁'],
    ['Metal containers', '金属容器'],
  ],
  7: [
    ['Machine tools', '机床'],
    ['Electric mixers for household use', '家用电动搅拌机'],
    ['Pumps', '泵'],
  ],
  8: [
    ['Hand tools', '手工具'],
    ['Cutlery', '餐具刀叉'],
    ['Razors', '剃须刀'],
  ],
  9: [
    ['Computer software', '计算机软件'],
    ['Smartphones', '智能手机'],
    ['Headphones', '耳机'],
    ['Chargers for batteries', '电池充电器'],
  ],
  10: [
    ['Medical apparatus', '医疗器械'],
    ['Massage apparatus', '按摩器械'],
    ['Thermometers for medical use', '医用体温计'],
  ],
  11: [
    ['Lighting apparatus', '照明器械'],
    ['Air purifiers', '空气净化器'],
    ['Water heaters', '热水器'],
  ],
  12: [
    ['Automobiles', '汽车'],
    ['Bicycles', '自行车'],
    ['Tyres', '轮胎'],
  ],
  13: [
    ['Fireworks', '烟花'],
    ['Firearms', '火器'],
    ['Ammunition', '弹药'],
  ],
  14: [
    ['Jewellery', '珠宝首饰'],
    ['Watches', '手表'],
    ['Precious metals', '贵金属'],
  ],
  15: [
    ['Musical instruments', '乐器'],
    ['Guitars', '吉他'],
    ['Pianos', '钢琴'],
  ],
  16: [
    ['Paper', '纸'],
    ['Stationery', '文具'],
    ['Printed matter', '印刷品'],
  ],
  17: [
    ['Rubber', '橡胶'],
    ['Insulating materials', '绝缘材料'],
    ['Plastic film', '塑料薄膜'],
  ],
  18: [
    ['Handbags', '手提包'],
    ['Luggage', '行李箱'],
    ['Umbrellas', '伞'],
  ],
  19: [
    ['Building materials, not of metal', '非金属建筑材料'],
    ['Cement', '水泥'],
    ['Wood flooring', '木地板'],
  ],
  20: [
    ['Furniture', '家具'],
    ['Mirrors', '镜子'],
    ['Pillows', '枕头'],
  ],
  21: [
    ['Kitchen utensils', '厨房用具'],
    ['Cups', '杯子'],
    ['Toothbrushes', '牙刷'],
  ],
  22: [
    ['Ropes', '绳索'],
    ['Tents', '帐篷'],
    ['Bags for packaging', '包装袋'],
  ],
  23: [
    ['Yarns for textile use', '纺织用纱'],
    ['Threads', '线'],
    ['Spun silk', '绢丝'],
  ],
  24: [
    ['Textiles', '纺织品'],
    ['Bed linen', '床上用品'],
    ['Towels', '毛巾'],
  ],
  25: [
    ['Clothing', '服装'],
    ['Footwear', '鞋'],
    ['Headwear', '帽子'],
    ['Sportswear', '运动服'],
  ],
  26: [
    ['Lace', '花边'],
    ['Buttons', '纽扣'],
    ['Artificial flowers', '人造花'],
  ],
  27: [
    ['Carpets', '地毯'],
    ['Mats', '垫子'],
    ['Wallpaper', '墙纸'],
  ],
  28: [
    ['Toys', '玩具'],
    ['Games', '游戏器具'],
    ['Sporting articles', '体育用品'],
  ],
  29: [
    ['Meat', '肉'],
    ['Milk products', '奶制品'],
    ['Edible oils', '食用油'],
  ],
  30: [
    ['Coffee', '咖啡'],
    ['Tea', '茶'],
    ['Confectionery', '糖果'],
    ['Bread', '面包'],
  ],
  31: [
    ['Fresh fruits', '新鲜水果'],
    ['Seeds', '种子'],
    ['Animal foodstuffs', '动物饲料'],
  ],
  32: [
    ['Beers', '啤酒'],
    ['Mineral water', '矿泉水'],
    ['Fruit juices', '果汁'],
  ],
  33: [
    ['Wines', '葡萄酒'],
    ['Spirits', '烈酒'],
    ['Baijiu', '白酒'],
  ],
  34: [
    ['Tobacco', '烟草'],
    ['Electronic cigarettes', '电子香烟'],
    ['Lighters for smokers', '打火机'],
  ],
  35: [
    ['Advertising', '广告'],
    ['Online retail store services', '在线零售服务'],
    ['Business management', '商业管理'],
  ],
  36: [
    ['Insurance', '保险'],
    ['Banking', '银行服务'],
    ['Real estate agency', '不动产代理'],
  ],
  37: [
    ['Building construction', '建筑施工'],
    ['Repair of vehicles', '车辆维修'],
    ['Cleaning of buildings', '建筑物清洁'],
  ],
  38: [
    ['Telecommunications', '电信服务'],
    ['Streaming of data', '数据流传输'],
    ['Providing online forums', '提供在线论坛'],
  ],
  39: [
    ['Transport', '运输'],
    ['Travel arrangement', '安排旅行'],
    ['Warehousing', '仓储'],
  ],
  40: [
    ['Treatment of materials', '材料处理'],
    ['Printing', '印刷'],
    ['Custom tailoring', '定制服装'],
  ],
  41: [
    ['Education', '教育'],
    ['Entertainment', '娱乐'],
    ['Organising sports competitions', '组织体育比赛'],
  ],
  42: [
    ['Software design', '软件设计'],
    ['Cloud computing', '云计算'],
    ['Scientific research', '科学研究'],
  ],
  43: [
    ['Restaurant services', '餐厅服务'],
    ['Hotel services', '酒店服务'],
    ['Café services', '咖啡馆服务'],
  ],
  44: [
    ['Medical services', '医疗服务'],
    ['Beauty care', '美容服务'],
    ['Gardening', '园艺'],
  ],
  45: [
    ['Legal services', '法律服务'],
    ['Security services', '安保服务'],
    ['Dating services', '交友服务'],
  ],
};

const CLASS_WEIGHTS: ReadonlyArray<readonly [number, number]> = Array.from({ length: 45 }, (_, i) => {
  const popular: Record<number, number> = {
    9: 10,
    35: 10,
    25: 7,
    42: 6,
    3: 5,
    5: 4,
    41: 4,
    30: 4,
    18: 3,
    28: 3,
  };
  return [i + 1, popular[i + 1] ?? (i % 3 === 0 ? 2 : 1)] as const;
});

const pickClass = weighted(CLASS_WEIGHTS);

/** One to five distinct, ascending classes. */
export function classesOf(random: Random): number[] {
  const r = random();
  const wanted = r < 0.5 ? 1 : r < 0.8 ? 2 : r < 0.95 ? 3 : 4 + Math.floor(random() * 2);
  const classes: number[] = [];
  while (classes.length < wanted) {
    const cls = pickClass(random());
    if (!classes.includes(cls)) classes.push(cls);
  }
  return wanted === 1 ? classes : classes.sort((a, b) => a - b);
}

// Per class: each item alone, then pairs, then all of them, in both languages; built once and shared.
const GOODS_TEXTS: ReadonlyMap<number, ReadonlyArray<readonly [string, string]>> = new Map(
  Object.entries(GOODS_BY_CLASS).map(([cls, items]) => {
    const texts: Array<readonly [string, string]> = items.map(([en, zh]) => [en, zh] as const);
    for (let i = 0; i + 1 < items.length; i++) {
      const [a, b] = [items[i], items[i + 1]] as [readonly [string, string], readonly [string, string]];
      texts.push([`${a[0]}; ${b[0]}`, `${a[1]}；${b[1]}`]);
    }
    texts.push([items.map(([en]) => en).join('; '), items.map(([, zh]) => zh).join('；')]);
    return [Number(cls), texts] as const;
  }),
);

export interface SharedGoods {
  readonly classes: readonly number[];
  readonly goods: Readonly<Record<number, string>>;
  readonly translation: Readonly<Record<number, string>> | null;
}

// Records with up to three classes and the same text variant share one frozen set of objects, keyed by a small
// integer: a million records then cost a few hundred thousand goods maps fewer, which keeps the collector idle.
const sharedGoods = new Map<number, SharedGoods>();
const SHARED_MAX_CLASSES = 3;

export function goodsOf(
  classes: number[],
  chineseOffice: boolean,
  translated: boolean,
  variant: number,
): SharedGoods {
  const flags = (chineseOffice ? 4 : 0) + (translated ? 2 : 0) + (variant === 0 ? 0 : 1);
  if (classes.length > SHARED_MAX_CLASSES) return buildGoods(classes, chineseOffice, translated, variant);
  let key = flags;
  for (const cls of classes) key = key * 64 + cls;
  let shared = sharedGoods.get(key);
  if (shared === undefined) {
    shared = buildGoods(classes, chineseOffice, translated, variant);
    sharedGoods.set(key, shared);
  }
  return shared;
}

function buildGoods(
  classes: number[],
  chineseOffice: boolean,
  translated: boolean,
  variant: number,
): SharedGoods {
  const goods: Record<number, string> = {};
  const translation: Record<number, string> = {};
  for (const cls of classes) {
    const texts = GOODS_TEXTS.get(cls) ?? [['Goods', '商品'] as const];
    const [english, chinese] = texts[variant % texts.length] as readonly [string, string];
    goods[cls] = chineseOffice ? chinese : english;
    translation[cls] = chinese;
  }
  return Object.freeze({
    classes: Object.freeze(classes),
    goods: Object.freeze(goods),
    translation: translated && !chineseOffice ? Object.freeze(translation) : null,
  });
}
