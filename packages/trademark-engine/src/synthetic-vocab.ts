/** Words of a whitespace-separated list; keeps long word lists readable and compact. */
function list(text: string): readonly string[] {
  return text.trim().split(/\s+/);
}

// Word stock for synthetic marks. Invented for this package; any resemblance to a real mark is by chance, and the
// famous names of the relevance set are kept out of it so that the set measures the engine, not the corpus.

/** Syllable parts of coined English-like names (LUMORA, ZENTRIX); empty entries make a part optional. */
export const ONSETS = [
  ...list('b c d f g h j k l m n p r s t v w z b c d f g k l m n p r s t v l m n r s t'),
  ...list('br bl cl cr dr fl fr gl gr kr pl pr qu sk sl sn sp st str tr vr ph ch sh th x y'),
  ...['', '', '', ''],
];
export const NUCLEI = list('a e i o u a e i o u a e i o a i o ai ea ee oo ou io y au');
export const CODAS = [
  ...list('n r s x l m t k n r l s nd nt ck st rk lt v z'),
  ...['', '', '', '', '', '', '', ''],
];
export const ENDINGS = [
  ...list('a o ex ix ify ly io ora ara eon us on ia ity era ova ar um yx ino ella ique iva ent is ax'),
  ...['', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', '', ''],
];

export const ADJECTIVES = list(`
  blue golden bright silver green royal happy swift little wild urban pure fresh noble brave quiet
  lucky sunny misty crystal velvet amber ivory scarlet cosmic northern southern eastern western
  ancient modern clever gentle mighty honest tiny grand secret hidden silent rapid smooth sweet
  spicy frozen electric magnetic digital natural organic classic vintage solar lunar polar
  tropical alpine coastal rustic radiant vivid bold calm crisp dusty fierce glossy humble jolly
  keen lively mellow nimble proud rosy sly tender witty
`);
export const NOUNS = list(`
  ocean river star sun leaf mountain garden harbor forest meadow valley canyon island lantern
  compass anchor arrow feather falcon tiger panda otter fox wolf bear eagle owl dolphin whale
  lotus maple cedar willow orchid tulip pebble stone crown castle bridge tower gate wave cloud
  rain storm thunder spark flame ember frost snow breeze horizon summit pillar beacon voyage
  journey path trail nest hive orbit comet galaxy planet pixel circuit signal rocket engine bloom
  petal berry lemon mango cherry peach olive pepper honey cocoa biscuit muffin noodle kettle
  basket ribbon button canvas marble copper
`);
/** Words that say what the business does; frequent on purpose, like TECH or FOODS in a real register. */
export const INDUSTRY_WORDS = list(`
  tech foods labs studio systems home care wear beauty pet sports tools energy coffee tea kids
  fitness design logistics health bakery motors games media pharma garden outdoor living kitchen
  cosmetics
`);

export const GERMAN_FIRST = list(`
  Sonnen Berg Wald Stern Blau Gold Nord Süd Alpen Feder Licht Wasser Eis Kraft Blitz Edel Klar
  Frisch Wunder Grün Stein Rosen Linden Eichen Tannen Morgen Abend Himmel Feuer Silber Schnee
  Honig Kirsch Apfel Bären Adler Fuchs
`);
export const GERMAN_SECOND = list(`
  blick quelle haus werk licht kraft garten stein feld burg hof markt zeit welt form tal land brot
  bräu müller schmiede küche stube weg brunnen berg glück stolz freude perle krone tropfen mühle
  kind sport technik
`);
export const FRENCH_WORDS = list(`
  lumière jardin soleil belle petit étoile château rivière fleur ciel douce vie beauté café parfum
  noir blanc rouge mer lune rêve maison atelier boulangerie délice esprit élégance papillon cerise
  amour bijou chocolat plume sable forêt printemps été hiver automne nuage goût terroir cœur brise
  sucre
`);
export const FRENCH_PATTERNS = [
  'Maison {w}',
  'Le {w}',
  'La {w}',
  '{w} de {v}',
  'Les {w}s',
  "L'{w}",
  '{w} & {v}',
  '{w}',
];
export const ROMANCE_WORDS = list(`
  bella vita casa sole luna dolce verde rosso mare terra bello fiore oro amore cielo vino pasta
  sol mar buena alegría fuego cielo estrella montaña río playa sabor nube brisa perla notte giorno
  stella nonna bosco piazza tesoro corazón fiesta siesta rincón vento aurora primavera
`);
export const ROMANCE_PATTERNS = [
  '{w} {v}',
  'Casa {w}',
  '{w} del {v}',
  'Bella {w}',
  '{w} di {v}',
  '{w}',
  'El {w}',
  'La {w}',
];
export const JAPANESE_SYLLABLES = list(`
  ka ki ku ke ko sa shi su se so ta chi tsu te to na ni nu ne no ha hi fu he ho ma mi mu me mo ya
  yu yo ra ri ru re ro wa ga gi go za ji zu da do ba bi bu kyo ryu sho shin ken ran
`);
export const JAPANESE_WORDS = list(`
  sakura hikari takumi yume kaze sora umi hana tsuki kokoro mirai midori yuki hoshi kumo mori kawa
  yama aoi akari nagomi wakaba hinata koharu shizuku
`);
export const JAPANESE_SUFFIXES = ['', '', '', ' kobo', ' ya', ' do', ' dou', ' tei', ' no mori', ' seika'];
export const KOREAN_SYLLABLES = list(`
  hyun sung jin min kyung dae woo seo hae bit han ji yeon soo hee joon eun ha na ra da bom gaon
  saem dal byeol maru sol
`);
export const HANGUL_NAMES = list(`
  하나 사랑 별빛 바다 한빛 새봄 누리 가온 다온 햇살 달빛 아라 온새미
  보람 미리내 꽃길 솔향 해담 라온 모아 이음 도담 여울 너울 나래
`);
/** Characters common in Chinese brand names. */
export const HAN_CHARACTERS: readonly string[] = [
  ...('华美福金龙凤天地人和星月光明新大中国长城海山川宝康乐佳惠达通信诚安泰盛兴隆源鑫德仁义礼智嘉悦优品尚雅' +
    '汇聚创云能科万家百千顺祥瑞丰富贵利旺红绿青蓝白花果茶香味食衣鞋车电器东南西北春夏秋冬江河湖泉林森松' +
    '竹梅兰菊桃李杏橙柚麦豆玉珠晶钻银铜铁石木火水土风雨雪霜露虹霞彩锦绣丝绒棉麻欣怡然如意吉庆喜禄寿宁静' +
    '致真善爱心梦想未来远航启领卓越精英至尊皇冠帝豪骄飞跃腾宏伟鸿运亨昌永恒久博君诺晨曦朝阳旭日凯旋胜辉煌' +
    '璀璨灿烂碧波蔚澜涛'),
];
export const HAN_SUFFIXES = [
  '科技',
  '食品',
  '服饰',
  '电器',
  '生物',
  '文化',
  '家居',
  '汽车',
  '医药',
  '美妆',
  '茶业',
  '酒业',
];

export const SURNAMES = list(`
  Smith Johnson Miller Walker Harris Carter Turner Parker Collins Morgan Bennett Hughes Foster
  Hayes Reed Brooks Sullivan Russell Griffin Hamilton Wallace Fischer Weber Schneider Becker
  Hoffmann Dubois Moreau Laurent Rossi Bianchi García Fernández López Tanaka Suzuki Watanabe
  Yamamoto Kim Park Choi Wang Li Zhang Chen Liu Singh Silva Santos Novak
`);
export const CHINESE_CITIES = [
  ['深圳市', 'Shenzhen'],
  ['广州市', 'Guangzhou'],
  ['上海', 'Shanghai'],
  ['北京', 'Beijing'],
  ['杭州', 'Hangzhou'],
  ['义乌市', 'Yiwu'],
  ['东莞市', 'Dongguan'],
  ['厦门', 'Xiamen'],
  ['宁波', 'Ningbo'],
  ['苏州', 'Suzhou'],
] as const;
export const ATTORNEYS = [
  'Harbor & Finch LLP',
  'Redstone IP Partners',
  'Kessler Markenanwälte',
  'Cabinet Duval & Associés',
  'Marlowe Trademark Group',
  'Yamato Patent Firm',
  'Hanbit IP Law',
  '北京华智知识产权代理有限公司',
  '深圳市中联商标事务所有限公司',
  '上海信德商标代理有限公司',
  'Osprey Legal',
  'Northgate IP',
  'Studio Legale Bruni',
  'Vega & Soto Abogados',
  'Lindqvist Brand Law',
  'Pemberton Clarke',
  'Atlas Marks LLP',
  'Brightline IP',
  'Sakai & Mori',
  'Crescent Trademark Attorneys',
  'Van der Berg Merken',
  'Maple Leaf IP',
  'Southern Cross Trade Marks',
];
