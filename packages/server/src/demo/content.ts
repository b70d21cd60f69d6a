import type { ContentLang, LegalKind, LocationInput, LocationService, WeekDay } from '@loyalty/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { faqs, legalDocuments, locations } from '../db/schema/index.ts';

/**
 * Demo content of the customer app, for a bank in Saudi Arabia (the demo customers' +966
 * numbers; docs/decisions/content.md): branches and ATMs in the Kingdom's main cities.
 */
interface City {
  en: string;
  ar: string;
  /** Landline area code after +966. */
  area: string;
  /** Districts: English, Arabic, latitude, longitude; a branch in each, an ATM beside every other. */
  districts: [string, string, number, number][];
}

const cities: City[] = [
  {
    en: 'Riyadh',
    ar: 'الرياض',
    area: '11',
    districts: [
      ['Olaya', 'العليا', 24.6953, 46.6853],
      ['King Abdullah Financial District', 'مركز الملك عبدالله المالي', 24.7637, 46.6401],
      ['Al Malaz', 'الملز', 24.6656, 46.7325],
      ['Al Nakheel', 'النخيل', 24.7443, 46.6297],
      ['Al Sulaimaniyah', 'السليمانية', 24.7036, 46.7008],
      ['Al Naseem', 'النسيم', 24.7355, 46.8292],
      ['Al Yasmin', 'الياسمين', 24.8227, 46.6425],
      ['Al Shifa', 'الشفا', 24.5561, 46.7143],
    ],
  },
  {
    en: 'Jeddah',
    ar: 'جدة',
    area: '12',
    districts: [
      ['Tahlia Street', 'شارع التحلية', 21.5433, 39.1728],
      ['Al Rawdah', 'الروضة', 21.5614, 39.1553],
      ['Al Balad', 'البلد', 21.4858, 39.1925],
      ['Obhur', 'أبحر', 21.7406, 39.1098],
      ['Al Safa', 'الصفا', 21.5862, 39.2161],
      ['Al Hamra', 'الحمراء', 21.5146, 39.1597],
    ],
  },
  {
    en: 'Makkah',
    ar: 'مكة المكرمة',
    area: '12',
    districts: [
      ['Al Aziziyah', 'العزيزية', 21.4011, 39.8543],
      ['Al Awali', 'العوالي', 21.3653, 39.8653],
      ['Al Shawqiyah', 'الشوقية', 21.3886, 39.7801],
    ],
  },
  {
    en: 'Madinah',
    ar: 'المدينة المنورة',
    area: '14',
    districts: [
      ['Quba', 'قباء', 24.4392, 39.6172],
      ['King Fahd Road', 'طريق الملك فهد', 24.4881, 39.5854],
      ['Al Aziziyah', 'العزيزية', 24.4422, 39.5689],
    ],
  },
  {
    en: 'Dammam',
    ar: 'الدمام',
    area: '13',
    districts: [
      ['Al Faisaliyah', 'الفيصلية', 26.4092, 50.0822],
      ['Corniche', 'الكورنيش', 26.4367, 50.1033],
      ['Al Shati', 'الشاطئ', 26.4708, 50.1123],
    ],
  },
  {
    en: 'Al Khobar',
    ar: 'الخبر',
    area: '13',
    districts: [
      ['Prince Turki Street', 'شارع الأمير تركي', 26.2952, 50.2186],
      ['Al Ulaya', 'العليا', 26.2683, 50.1925],
    ],
  },
  {
    en: 'Dhahran',
    ar: 'الظهران',
    area: '13',
    districts: [['Dhahran Mall', 'الظهران مول', 26.3036, 50.1648]],
  },
  {
    en: 'Al Ahsa',
    ar: 'الأحساء',
    area: '13',
    districts: [
      ['Al Hofuf', 'الهفوف', 25.3831, 49.5869],
      ['Al Mubarraz', 'المبرز', 25.4104, 49.5808],
    ],
  },
  {
    en: 'Jubail',
    ar: 'الجبيل',
    area: '13',
    districts: [['Jubail Industrial City', 'الجبيل الصناعية', 27.0046, 49.646]],
  },
  { en: 'Taif', ar: 'الطائف', area: '12', districts: [['Shihar', 'شهار', 21.2428, 40.416]] },
  {
    en: 'Tabuk',
    ar: 'تبوك',
    area: '14',
    districts: [
      ['Al Muruj', 'المروج', 28.4099, 36.5468],
      ['Prince Fahd bin Sultan Road', 'طريق الأمير فهد بن سلطان', 28.3838, 36.5662],
    ],
  },
  { en: 'Abha', ar: 'أبها', area: '17', districts: [['Al Manhal', 'المنهل', 18.2164, 42.5053]] },
  {
    en: 'Khamis Mushait',
    ar: 'خميس مشيط',
    area: '17',
    districts: [['King Khalid Road', 'طريق الملك خالد', 18.3061, 42.7297]],
  },
  {
    en: 'Buraidah',
    ar: 'بريدة',
    area: '16',
    districts: [
      ['King Abdulaziz Road', 'طريق الملك عبدالعزيز', 26.3592, 43.9818],
      ['Al Safra', 'الصفراء', 26.3436, 43.9485],
    ],
  },
  { en: 'Hail', ar: 'حائل', area: '16', districts: [['Al Muntazah', 'المنتزه', 27.5114, 41.7208]] },
  { en: 'Jazan', ar: 'جازان', area: '17', districts: [['Corniche Road', 'طريق الكورنيش', 16.8892, 42.5511]] },
  {
    en: 'Najran',
    ar: 'نجران',
    area: '17',
    districts: [['King Abdulaziz Road', 'طريق الملك عبدالعزيز', 17.5656, 44.2289]],
  },
  { en: 'Yanbu', ar: 'ينبع', area: '14', districts: [['Yanbu Al Bahr', 'ينبع البحر', 24.0895, 38.0618]] },
  {
    en: 'Al Baha',
    ar: 'الباحة',
    area: '17',
    districts: [['King Saud Road', 'طريق الملك سعود', 20.0129, 41.4677]],
  },
  { en: 'Sakaka', ar: 'سكاكا', area: '14', districts: [['Al Jouf Center', 'وسط الجوف', 29.9697, 40.2064]] },
  { en: 'Arar', ar: 'عرعر', area: '14', districts: [['Al Mohammadiyah', 'المحمدية', 30.9753, 41.0381]] },
];

const workWeek: WeekDay[] = ['SUN', 'MON', 'TUE', 'WED', 'THU'];
const everyDay: WeekDay[] = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const branchServices: LocationService[][] = [
  ['CASH_WITHDRAWAL', 'CASH_DEPOSIT', 'ACCOUNT_OPENING', 'CARDS', 'LOANS', 'REWARDS_DESK'],
  ['CASH_WITHDRAWAL', 'CASH_DEPOSIT', 'ACCOUNT_OPENING', 'CARDS', 'FOREIGN_EXCHANGE'],
  ['CASH_WITHDRAWAL', 'ACCOUNT_OPENING', 'CARDS', 'LOANS', 'BUSINESS_BANKING'],
];

/** The demo's branches and ATMs: a branch in every district, an ATM a few streets away in every other. */
export function demoLocations(): LocationInput[] {
  return cities.flatMap((city, c) =>
    city.districts.flatMap(([en, ar, lat, lng], d): LocationInput[] => {
      const n = c * 10 + d;
      const branch: LocationInput = {
        type: 'BRANCH',
        nameEn: `${city.en} ${en} Branch`,
        nameAr: `فرع ${ar} - ${city.ar}`,
        city: city.en,
        cityAr: city.ar,
        address: `${en}, ${city.en}`,
        addressAr: `${ar}، ${city.ar}`,
        latitude: lat,
        longitude: lng,
        phone: `+966 ${city.area} ${String(200 + n * 7).padStart(3, '0')} ${String(1000 + n * 37).slice(-4)}`,
        email: `${city.en.toLowerCase().replace(/[^a-z]/g, '')}.${en.toLowerCase().replace(/[^a-z]/g, '')}@branches.example.com`,
        // Shopping-district branches keep evening hours; the others a day shift.
        openingTime: d % 3 === 2 ? '16:00' : '08:00',
        closingTime: d % 3 === 2 ? '21:00' : '16:00',
        workingDays: d % 3 === 2 ? [...workWeek, 'SAT'] : workWeek,
        services: branchServices[n % branchServices.length] as LocationService[],
        status: 'ACTIVE',
      };
      if (d % 2 === 1) return [branch];
      const atm: LocationInput = {
        type: 'ATM',
        nameEn: `${city.en} ${en} ATM`,
        nameAr: `صراف آلي ${ar} - ${city.ar}`,
        city: city.en,
        cityAr: city.ar,
        address: `${en}, ${city.en}`,
        addressAr: `${ar}، ${city.ar}`,
        latitude: Math.round((lat + 0.0042) * 1e4) / 1e4,
        longitude: Math.round((lng - 0.0031) * 1e4) / 1e4,
        phone: null,
        email: null,
        openingTime: '00:00',
        closingTime: '23:59',
        workingDays: everyDay,
        services: n % 2 === 0 ? ['CASH_WITHDRAWAL', 'CASH_DEPOSIT'] : ['CASH_WITHDRAWAL'],
        status: 'ACTIVE',
      };
      return [branch, atm];
    }),
  );
}

/** Branches and ATMs, once. */
export async function seedDemoLocations(db: Db) {
  const [existing] = await db.select({ n: count() }).from(locations);
  if (existing?.n) return;
  await db.insert(locations).values(demoLocations());
}

/** Twenty FAQ entries per language: [category, question, answer], in the order the app shows them. */
const faqTexts: Record<ContentLang, [string, string, string][]> = {
  en: [
    [
      'Joining',
      'How do I join the rewards programme?',
      'Every customer with an active current account or card is enrolled automatically. Open the Rewards tab in the app to see your balance.',
    ],
    ['Joining', 'Is there a fee to join?', 'No. Membership is free for all retail and business customers.'],
    [
      'Joining',
      'Can business accounts earn points?',
      'Yes. Business banking customers earn points on eligible card spending under the business programme rules.',
    ],
    [
      'Earning',
      'How do I earn points?',
      'You earn points on eligible purchases with your debit and credit cards, on salary transfers and on selected bank products.',
    ],
    [
      'Earning',
      'Do online purchases earn points?',
      'Yes. Online card purchases earn points in the same way as purchases in store.',
    ],
    [
      'Earning',
      'When do points appear in my balance?',
      'Most purchases are credited within two working days of the transaction being settled.',
    ],
    [
      'Earning',
      'Which transactions do not earn points?',
      'Cash withdrawals, transfers between your own accounts, fees and charges do not earn points.',
    ],
    [
      'Earning',
      'Do I earn more points in a higher tier?',
      'Yes. Silver, Gold and Platinum members earn more points for every riyal spent.',
    ],
    [
      'Tiers',
      'How are tiers decided?',
      'Your tier follows the qualifying points you earned in the last twelve months. It is reviewed every time points are posted.',
    ],
    [
      'Tiers',
      'Can I lose my tier?',
      'If your qualifying points fall below the tier minimum, you move to the tier that matches your points.',
    ],
    [
      'Redeeming',
      'How do I redeem my points?',
      'Choose a voucher in the Rewards catalogue and confirm. The voucher code appears in the app straight away.',
    ],
    [
      'Redeeming',
      'Where can I use my vouchers?',
      'At the partner store named on the voucher, in store or online, before the expiry date shown.',
    ],
    [
      'Redeeming',
      'Can I cancel a redemption?',
      'Call us or visit a branch within 14 days if the voucher code has not been used; the points are returned.',
    ],
    [
      'Redeeming',
      'Is there a minimum balance to redeem?',
      'You need at least the points the voucher requires. There is no other minimum.',
    ],
    [
      'Expiry',
      'Do my points expire?',
      'Points expire 24 months after the month in which they were earned. The app shows the points expiring next.',
    ],
    [
      'Expiry',
      'Will I be told before points expire?',
      'Yes. We send a reminder in the app and by e-mail 30 days before points expire.',
    ],
    [
      'Account',
      'Why is my balance lower than expected?',
      'A refund or reversed transaction removes the points it earned. Contact us if you cannot match a change.',
    ],
    [
      'Account',
      'Can I transfer points to someone else?',
      'Points are personal and cannot be transferred to another customer.',
    ],
    [
      'Account',
      'What happens to my points if I close my account?',
      'Unredeemed points are cancelled when your last eligible account is closed. Redeem them before closing.',
    ],
    [
      'Help',
      'How do I contact the rewards team?',
      'Send us a message from the app, call 800 124 0000 or visit any branch.',
    ],
  ],
  ar: [
    [
      'الانضمام',
      'كيف أنضم إلى برنامج المكافآت؟',
      'يُسجَّل كل عميل لديه حساب جارٍ نشط أو بطاقة تلقائيًا. افتح تبويب المكافآت في التطبيق لمعرفة رصيدك.',
    ],
    ['الانضمام', 'هل توجد رسوم للانضمام؟', 'لا، العضوية مجانية لجميع عملاء الأفراد والشركات.'],
    [
      'الانضمام',
      'هل تكسب حسابات الشركات النقاط؟',
      'نعم، يكسب عملاء الشركات النقاط على مشتريات البطاقات المؤهلة وفق قواعد برنامج الشركات.',
    ],
    [
      'كسب النقاط',
      'كيف أكسب النقاط؟',
      'تكسب النقاط على المشتريات المؤهلة ببطاقات مدى والبطاقات الائتمانية وتحويل الراتب وبعض منتجات البنك.',
    ],
    [
      'كسب النقاط',
      'هل تكسب المشتريات الإلكترونية النقاط؟',
      'نعم، تكسب مشتريات البطاقة عبر الإنترنت النقاط كما في المتاجر.',
    ],
    ['كسب النقاط', 'متى تظهر النقاط في رصيدي؟', 'تُضاف نقاط معظم المشتريات خلال يومي عمل من تسوية العملية.'],
    [
      'كسب النقاط',
      'ما العمليات التي لا تكسب النقاط؟',
      'لا تكسب السحوبات النقدية والتحويلات بين حساباتك والرسوم أي نقاط.',
    ],
    [
      'كسب النقاط',
      'هل أكسب نقاطًا أكثر في فئة أعلى؟',
      'نعم، يكسب أعضاء الفئات الفضية والذهبية والبلاتينية نقاطًا أكثر عن كل ريال.',
    ],
    [
      'الفئات',
      'كيف تُحدَّد الفئة؟',
      'تتبع فئتك النقاط المؤهلة التي كسبتها خلال آخر اثني عشر شهرًا، وتُراجع عند كل إضافة نقاط.',
    ],
    [
      'الفئات',
      'هل يمكن أن أفقد فئتي؟',
      'إذا انخفضت نقاطك المؤهلة عن الحد الأدنى للفئة تنتقل إلى الفئة المناسبة لنقاطك.',
    ],
    [
      'الاستبدال',
      'كيف أستبدل نقاطي؟',
      'اختر قسيمة من كتالوج المكافآت وأكّد، ويظهر رمز القسيمة في التطبيق فورًا.',
    ],
    [
      'الاستبدال',
      'أين أستخدم القسائم؟',
      'لدى المتجر الشريك المذكور في القسيمة، في المتجر أو عبر الإنترنت، قبل تاريخ الانتهاء.',
    ],
    [
      'الاستبدال',
      'هل يمكنني إلغاء الاستبدال؟',
      'اتصل بنا أو زر أحد الفروع خلال 14 يومًا إذا لم يُستخدم رمز القسيمة، وتُعاد النقاط إليك.',
    ],
    [
      'الاستبدال',
      'هل يوجد حد أدنى للرصيد للاستبدال؟',
      'تحتاج إلى النقاط التي تتطلبها القسيمة فقط، ولا يوجد حد أدنى آخر.',
    ],
    [
      'انتهاء الصلاحية',
      'هل تنتهي صلاحية نقاطي؟',
      'تنتهي صلاحية النقاط بعد 24 شهرًا من شهر كسبها، ويعرض التطبيق النقاط التي تنتهي قريبًا.',
    ],
    [
      'انتهاء الصلاحية',
      'هل سأُبلَّغ قبل انتهاء النقاط؟',
      'نعم، نرسل تذكيرًا في التطبيق وبالبريد الإلكتروني قبل 30 يومًا من انتهاء النقاط.',
    ],
    [
      'الحساب',
      'لماذا رصيدي أقل من المتوقع؟',
      'يؤدي استرداد المبلغ أو عكس العملية إلى خصم النقاط التي كسبتها. تواصل معنا إذا لم تتعرف على تغيير.',
    ],
    ['الحساب', 'هل يمكنني تحويل النقاط لشخص آخر؟', 'النقاط شخصية ولا يمكن تحويلها إلى عميل آخر.'],
    [
      'الحساب',
      'ماذا يحدث لنقاطي عند إغلاق حسابي؟',
      'تُلغى النقاط غير المستبدلة عند إغلاق آخر حساب مؤهل، فاستبدلها قبل الإغلاق.',
    ],
    [
      'المساعدة',
      'كيف أتواصل مع فريق المكافآت؟',
      'أرسل لنا رسالة من التطبيق أو اتصل على 800 124 0000 أو زر أي فرع.',
    ],
  ],
};

/** The FAQ, twenty entries per language, once. */
export async function seedDemoFaqs(db: Db) {
  const [existing] = await db.select({ n: count() }).from(faqs);
  if (existing?.n) return;
  await db.insert(faqs).values(
    (Object.keys(faqTexts) as ContentLang[]).flatMap((lang) =>
      faqTexts[lang].map(([category, question, answer], i) => ({
        lang,
        category,
        question,
        answer,
        position: i + 1,
      })),
    ),
  );
}

/** Paragraphs as the editor writes them: `[heading, paragraph]` pairs. */
const html = (sections: [string, string][]) =>
  sections.map(([heading, text]) => `<h2>${heading}</h2><p>${text}</p>`).join('');

/** The published privacy policy and terms, in English and Arabic (the demo bank's wording). */
export const demoLegal: Record<LegalKind, { title: [string, string]; body: [string, string] }> = {
  PRIVACY: {
    title: ['Rewards Programme Privacy Policy', 'سياسة الخصوصية لبرنامج المكافآت'],
    body: [
      html([
        [
          'What we collect',
          'Your name, customer number, mobile number, e-mail address and the card and account transactions that earn or use points.',
        ],
        [
          'Why we use it',
          'To run the programme: to award and redeem points, to decide your tier, to send you messages about your points and to prevent fraud.',
        ],
        [
          'Who we share it with',
          'Partner stores receive only the voucher code you redeem. We never sell your data. Service providers that host our systems act on our instructions.',
        ],
        [
          'How long we keep it',
          'For as long as you are a member and for ten years after, as banking regulations require.',
        ],
        [
          'Your rights',
          'You may ask for a copy of your data, ask us to correct it, or withdraw from the programme at any time through the app or any branch.',
        ],
      ]),
      html([
        [
          'البيانات التي نجمعها',
          'اسمك ورقم العميل ورقم الجوال والبريد الإلكتروني وعمليات البطاقات والحسابات التي تكسب النقاط أو تستخدمها.',
        ],
        [
          'أسباب استخدامها',
          'لإدارة البرنامج: منح النقاط واستبدالها وتحديد فئتك وإرسال الرسائل المتعلقة بنقاطك ومنع الاحتيال.',
        ],
        [
          'مع من نشاركها',
          'لا تتلقى المتاجر الشريكة سوى رمز القسيمة التي تستبدلها، ولا نبيع بياناتك أبدًا. ويعمل مزودو الخدمات الذين يستضيفون أنظمتنا وفق تعليماتنا.',
        ],
        ['مدة الاحتفاظ بها', 'طوال عضويتك وعشر سنوات بعدها وفق متطلبات الأنظمة المصرفية.'],
        [
          'حقوقك',
          'يمكنك طلب نسخة من بياناتك أو تصحيحها أو الانسحاب من البرنامج في أي وقت عبر التطبيق أو أي فرع.',
        ],
      ]),
    ],
  },
  TERMS: {
    title: ['Rewards Programme Terms and Conditions', 'الشروط والأحكام لبرنامج المكافآت'],
    body: [
      html([
        [
          'Membership',
          'The programme is open to customers with an active account or card. Membership is free and personal.',
        ],
        [
          'Earning points',
          'Points are earned on eligible transactions according to the rules in force on the transaction date. Reversed transactions remove the points they earned.',
        ],
        [
          'Redeeming points',
          'Points may be redeemed for vouchers in the catalogue while stock lasts. Vouchers cannot be exchanged for cash.',
        ],
        ['Expiry', 'Points expire 24 months after the month in which they were earned.'],
        [
          'Changes',
          'The bank may change these terms with 30 days notice in the app. Continuing to use the programme means accepting the new terms.',
        ],
      ]),
      html([
        ['العضوية', 'البرنامج متاح للعملاء الذين لديهم حساب أو بطاقة نشطة، والعضوية مجانية وشخصية.'],
        [
          'كسب النقاط',
          'تُكسب النقاط على العمليات المؤهلة وفق القواعد السارية في تاريخ العملية، وتُخصم نقاط العمليات المعكوسة.',
        ],
        [
          'استبدال النقاط',
          'يمكن استبدال النقاط بقسائم من الكتالوج حتى نفاد الكمية، ولا تُستبدل القسائم نقدًا.',
        ],
        ['انتهاء الصلاحية', 'تنتهي صلاحية النقاط بعد 24 شهرًا من شهر كسبها.'],
        [
          'التعديلات',
          'يحق للبنك تعديل هذه الشروط بإشعار في التطبيق قبل 30 يومًا، ويُعد الاستمرار في استخدام البرنامج قبولًا للشروط الجديدة.',
        ],
      ]),
    ],
  },
};

/** Version 1 of each legal document, published, once. */
export async function seedDemoLegal(db: Db) {
  const [existing] = await db.select({ n: count() }).from(legalDocuments);
  if (existing?.n) return;
  await db.insert(legalDocuments).values(
    (Object.keys(demoLegal) as LegalKind[]).map((kind) => ({
      kind,
      version: 1,
      titleEn: demoLegal[kind].title[0],
      titleAr: demoLegal[kind].title[1],
      bodyEn: demoLegal[kind].body[0],
      bodyAr: demoLegal[kind].body[1],
      effectiveDate: '2026-01-01',
      status: 'PUBLISHED' as const,
      publishedAt: new Date('2025-12-15T09:00:00Z'),
      publishedBy: 'admin',
    })),
  );
}

/** The customer app's content: locations, the FAQ, the privacy policy and the terms. */
export async function seedDemoContent(db: Db) {
  await seedDemoLocations(db);
  await seedDemoFaqs(db);
  await seedDemoLegal(db);
}
