import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  conversationEntries,
  conversations,
  customers,
  messageCategories,
  messageTemplates,
  users,
} from '../db/schema/index.ts';

type Lang = 'en' | 'ar';
interface Topic {
  category: {
    nameEn: string;
    nameAr: string;
    description: string;
    descriptionAr: string;
    responseTargetHours: number;
  };
  /** What customers write, in each language: [subject, body]. */
  questions: Record<Lang, [string, string][]>;
  /** How staff answer, in each language. */
  answers: Record<Lang, string[]>;
}

const topics: Topic[] = [
  {
    category: {
      nameEn: 'Points and balance',
      nameAr: 'النقاط والرصيد',
      description: 'Earning, missing points, balance questions',
      descriptionAr: 'كسب النقاط والنقاط المفقودة والاستفسار عن الرصيد',
      responseTargetHours: 24,
    },
    questions: {
      en: [
        [
          'Missing points',
          'I paid with my card at the supermarket on Friday and the points are not in my balance yet.',
        ],
        ['Points for online shopping', 'Do I earn points when I shop online with my debit card?'],
        [
          'Balance looks wrong',
          'My balance dropped by 500 points and I did not redeem anything. Can you check?',
        ],
        ['Points expiry', 'When do my points expire? I want to use them before I lose them.'],
        ['Salary transfer points', 'My salary was transferred this month, were the bonus points added?'],
      ],
      ar: [
        ['نقاط غير مضافة', 'دفعت ببطاقتي في السوبرماركت يوم الجمعة ولم تُضف النقاط إلى رصيدي حتى الآن.'],
        ['نقاط التسوق الإلكتروني', 'هل أحصل على نقاط عند التسوق عبر الإنترنت ببطاقة مدى؟'],
        ['الرصيد غير صحيح', 'نقص رصيدي ٥٠٠ نقطة ولم أستبدل أي شيء. أرجو التحقق.'],
        ['انتهاء صلاحية النقاط', 'متى تنتهي صلاحية نقاطي؟ أريد استخدامها قبل أن أفقدها.'],
        ['نقاط تحويل الراتب', 'تم تحويل راتبي هذا الشهر، هل أُضيفت نقاط المكافأة؟'],
      ],
    },
    answers: {
      en: [
        'Thank you for reaching out. The points for that purchase were posted today; your balance is now up to date.',
        'Card purchases online earn points like purchases in store. Your points usually appear within two days.',
      ],
      ar: [
        'شكرًا لتواصلك معنا. أُضيفت نقاط تلك العملية اليوم وأصبح رصيدك محدثًا.',
        'المشتريات الإلكترونية بالبطاقة تُكسب النقاط مثل المشتريات في المتاجر، وتظهر النقاط عادةً خلال يومين.',
      ],
    },
  },
  {
    category: {
      nameEn: 'Vouchers and rewards',
      nameAr: 'القسائم والمكافآت',
      description: 'Redeeming points, voucher codes, partner stores',
      descriptionAr: 'استبدال النقاط ورموز القسائم والمتاجر الشريكة',
      responseTargetHours: 48,
    },
    questions: {
      en: [
        [
          'Voucher code not accepted',
          'The coffee voucher code I redeemed was refused at the store. What should I do?',
        ],
        [
          'Cancel a redemption',
          'I redeemed the wrong voucher by mistake, can you cancel it and return my points?',
        ],
        ['New rewards', 'Will you add more electronics vouchers to the catalogue?'],
      ],
      ar: [
        ['رمز القسيمة مرفوض', 'رُفض رمز قسيمة القهوة الذي استبدلته في المتجر. ماذا أفعل؟'],
        ['إلغاء الاستبدال', 'استبدلت قسيمة خاطئة بالخطأ، هل يمكن إلغاؤها وإرجاع نقاطي؟'],
        ['مكافآت جديدة', 'هل ستضيفون قسائم إلكترونيات أكثر إلى الكتالوج؟'],
      ],
    },
    answers: {
      en: [
        'We are sorry for the trouble. We cancelled the redemption and returned the points; please redeem the voucher again.',
        'Thank you for the suggestion. New partner vouchers are added every month; we have passed your request on.',
      ],
      ar: [
        'نعتذر عن الإزعاج. ألغينا عملية الاستبدال وأعدنا النقاط، يرجى استبدال القسيمة مرة أخرى.',
        'شكرًا على اقتراحك. نضيف قسائم شركاء جديدة كل شهر وقد رفعنا طلبك للفريق المختص.',
      ],
    },
  },
  {
    category: {
      nameEn: 'Tiers and benefits',
      nameAr: 'الفئات والمزايا',
      description: 'Tier upgrades, downgrades and their benefits',
      descriptionAr: 'ترقية الفئة وخفضها ومزاياها',
      responseTargetHours: 72,
    },
    questions: {
      en: [
        ['Gold tier benefits', 'I was upgraded to Gold, what lounge access do I have now?'],
        ['Why was I downgraded?', 'My tier went from Silver to Classic, I did not expect that.'],
      ],
      ar: [
        ['مزايا الفئة الذهبية', 'تمت ترقيتي إلى الفئة الذهبية، ما مزايا دخول الصالات المتاحة لي الآن؟'],
        ['لماذا خُفضت فئتي؟', 'انتقلت فئتي من الفضية إلى الكلاسيكية ولم أتوقع ذلك.'],
      ],
    },
    answers: {
      en: [
        'Congratulations on your tier. Your card now gives you two free lounge visits a year at partner airports.',
      ],
      ar: ['مبارك الفئة الجديدة. تمنحك بطاقتك الآن زيارتين مجانيتين سنويًا لصالات المطارات الشريكة.'],
    },
  },
  {
    category: {
      nameEn: 'Complaints',
      nameAr: 'الشكاوى',
      description: 'Service complaints, handled first',
      descriptionAr: 'شكاوى الخدمة، تُعالج أولاً',
      responseTargetHours: 8,
    },
    questions: {
      en: [
        [
          'Very disappointed',
          'This is the third time my points are late. The service is very poor and I am thinking of closing my account.',
        ],
        ['Rude branch staff', 'The staff at the branch refused to help me with my rewards and were rude.'],
      ],
      ar: [
        ['خيبة أمل كبيرة', 'هذه ثالث مرة تتأخر فيها نقاطي. الخدمة سيئة جدًا وأفكر في إغلاق حسابي.'],
        ['تعامل سيئ في الفرع', 'رفض موظفو الفرع مساعدتي في المكافآت وكان التعامل سيئًا.'],
      ],
    },
    answers: {
      en: [
        'We sincerely apologise. Your case was escalated to the branch manager and we added 1,000 goodwill points.',
      ],
      ar: ['نعتذر بصدق. صُعّدت حالتك إلى مدير الفرع وأضفنا ١٬٠٠٠ نقطة تقديرًا لك.'],
    },
  },
  {
    category: {
      nameEn: 'Compliments',
      nameAr: 'الشكر والإشادة',
      description: 'Thanks and positive feedback',
      descriptionAr: 'الشكر والملاحظات الإيجابية',
      responseTargetHours: 168,
    },
    questions: {
      en: [
        ['Thank you', 'Just wanted to say the new rewards catalogue is great, I love the travel vouchers.'],
        ['Great service', 'The agent who helped me last week was excellent, thank you!'],
      ],
      ar: [
        ['شكرًا لكم', 'أردت فقط أن أقول إن كتالوج المكافآت الجديد رائع، أحببت قسائم السفر.'],
        ['خدمة ممتازة', 'الموظف الذي ساعدني الأسبوع الماضي كان ممتازًا، شكرًا لكم!'],
      ],
    },
    answers: {
      en: ['Thank you for your kind words, we are glad you enjoy the programme.'],
      ar: ['شكرًا على كلماتك اللطيفة، يسعدنا أنك تستمتع بالبرنامج.'],
    },
  },
];

const templates = [
  {
    name: 'Points posted',
    nameAr: 'إضافة النقاط',
    bodyEn:
      'Dear {{customer.name}}, the missing points are now in your balance: {{customer.balance}} points.',
    bodyAr: 'عزيزي {{customer.name}}، أُضيفت النقاط الناقصة إلى رصيدك وأصبح {{customer.balance}} نقطة.',
    additionalInfo: 'After checking the ledger',
  },
  {
    name: 'Points expiring',
    nameAr: 'نقاط قاربت على الانتهاء',
    bodyEn: 'Dear {{customer.name}}, {{points.expiring}} of your points expire on {{points.expiringAt}}.',
    bodyAr: 'عزيزي {{customer.name}}، تنتهي صلاحية {{points.expiring}} من نقاطك في {{points.expiringAt}}.',
    additionalInfo: 'Expiry reminders',
  },
  {
    name: 'Tier benefits',
    nameAr: 'مزايا الفئة',
    bodyEn: 'Dear {{customer.name}}, as a {{customer.tier}} member you enjoy the benefits listed in the app.',
    bodyAr:
      'عزيزي {{customer.name}}، بصفتك عضوًا في فئة {{customer.tier}} تتمتع بالمزايا المذكورة في التطبيق.',
    additionalInfo: 'Tier questions',
  },
  {
    name: 'Apology',
    nameAr: 'اعتذار',
    bodyEn: 'Dear {{customer.name}}, we apologise for the inconvenience. {{staff.name}}, Loyalty team',
    bodyAr: 'عزيزي {{customer.name}}، نعتذر عن الإزعاج. {{staff.name}}، فريق الولاء',
    additionalInfo: 'Complaints',
  },
];

/** A small seeded generator, so every demo start tells the same story. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const pick = <T>(r: () => number, list: readonly T[]) => list[Math.floor(r() * list.length)] as T;

/**
 * The demo service desk: categories, templates and a few hundred conversations in English and
 * Arabic (each customer writes in their own language) over the last year; the older ones replied
 * or closed, the recent ones waiting, some of them overdue.
 */
export async function seedDemoMessaging(db: Db, conversationCount = 400) {
  const [existing] = await db.select({ n: count() }).from(messageCategories);
  if (existing?.n) return;
  const categoryRows = await db
    .insert(messageCategories)
    .values(topics.map((t) => t.category))
    .returning({ id: messageCategories.id, hours: messageCategories.responseTargetHours });
  await db.insert(messageTemplates).values(templates);
  const [staff] = await db.select({ id: users.id }).from(users).orderBy(asc(users.id)).limit(1);
  const people = await db
    .select({
      id: customers.id,
      number: customers.customerNumber,
      name: customers.fullName,
      language: customers.language,
    })
    .from(customers)
    .where(eq(customers.status, 'ACTIVE'))
    .orderBy(asc(customers.id))
    .limit(conversationCount * 2);
  if (!people.length) return;

  const r = random(2026);
  const hour = 3_600_000;
  const now = Date.now();
  const threads = Array.from({ length: conversationCount }, (_, i) => {
    const person = pick(r, people);
    const topicIndex = Math.floor(r() ** 1.4 * topics.length);
    const topic = topics[topicIndex] as Topic;
    const category = categoryRows[topicIndex] as { id: number; hours: number };
    const lang: Lang = person.language;
    const [subject, body] = pick(r, topic.questions[lang]);
    // Older messages are mostly answered; the last days' still wait in the queue.
    const ageHours = r() ** 2 * 365 * 24;
    const createdAt = new Date(now - ageHours * hour);
    // Nothing is answered in its first hour, so a reply never precedes its question.
    const answered = ageHours > 72 ? r() < 0.93 : ageHours > 1 && r() < 0.4;
    const replyAt = new Date(
      Math.min(now - hour / 4, createdAt.getTime() + (0.5 + r() * category.hours * 1.3) * hour),
    );
    const closed = answered && r() < 0.6;
    const assigned = answered || r() < 0.5;
    return {
      i,
      person,
      topic,
      category,
      lang,
      subject,
      body,
      createdAt,
      answered,
      replyAt,
      closed,
      assigned,
    };
  });
  const rows = await db
    .insert(conversations)
    .values(
      threads.map((t) => ({
        customerId: t.person.id,
        categoryId: t.category.id,
        channel: t.i % 5 === 0 ? ('EMAIL' as const) : ('APP' as const),
        externalId: `DEMO-MSG-${String(t.i + 1).padStart(5, '0')}`,
        subject: t.subject,
        preview: t.body.slice(0, 200),
        status: t.closed
          ? ('CLOSED' as const)
          : t.answered
            ? ('REPLIED' as const)
            : t.assigned
              ? ('ASSIGNED' as const)
              : ('NEW' as const),
        assigneeId: t.assigned ? (staff?.id ?? null) : null,
        repliedById: t.answered ? (staff?.id ?? null) : null,
        searchText: [t.person.number, t.person.name, t.subject, t.body].join(' ').toLowerCase(),
        createdAt: t.createdAt,
        lastMessageAt: t.answered ? t.replyAt : t.createdAt,
        dueAt: new Date(t.createdAt.getTime() + t.category.hours * hour),
        repliedAt: t.answered ? t.replyAt : null,
        closedAt: t.closed ? new Date(Math.min(now, t.replyAt.getTime() + 2 * hour)) : null,
        updatedAt: t.answered ? t.replyAt : t.createdAt,
      })),
    )
    .returning({ id: conversations.id });
  await db.insert(conversationEntries).values(
    threads.flatMap((t, index) => {
      const conversationId = (rows[index] as { id: number }).id;
      const inbound = { conversationId, kind: 'INBOUND' as const, body: t.body, createdAt: t.createdAt };
      if (!t.answered) return [inbound];
      const reply = {
        conversationId,
        kind: 'REPLY' as const,
        body: pick(r, t.topic.answers[t.lang]),
        authorId: staff?.id ?? null,
        createdAt: t.replyAt,
        readAt: r() < 0.7 ? new Date(Math.min(now, t.replyAt.getTime() + r() * 48 * hour)) : null,
      };
      return [inbound, reply];
    }),
  );
}
