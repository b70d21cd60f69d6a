import type { Db } from '../db/client.ts';
import { rewardCategories, stores, vouchers } from '../db/schema/index.ts';
import { loadSharp, saveImage } from '../platform/files.ts';

/**
 * A catalogue a bank's programme could run, in English and Arabic: category → stores → vouchers
 * [name, Arabic name, points, money].
 */
const catalogue: {
  category: string;
  categoryAr: string;
  description: string;
  descriptionAr: string;
  hue: number;
  stores: { name: string; nameAr: string; vouchers: [string, string, number, number][] }[];
}[] = [
  {
    category: 'Dining',
    categoryAr: 'المطاعم',
    description: 'Restaurants and cafés',
    descriptionAr: 'مطاعم ومقاهٍ',
    hue: 18,
    stores: [
      {
        name: 'Olive & Thyme',
        nameAr: 'زيتون وزعتر',
        vouchers: [
          ['Dinner for two', 'عشاء لشخصين', 4500, 60],
          ['Lunch set menu', 'قائمة غداء ثابتة', 1800, 25],
        ],
      },
      {
        name: 'Bean There Café',
        nameAr: 'مقهى حبة البن',
        vouchers: [
          ['Any coffee', 'أي قهوة', 400, 5],
          ['Breakfast box', 'صندوق فطور', 1100, 15],
        ],
      },
    ],
  },
  {
    category: 'Travel',
    categoryAr: 'السفر',
    description: 'Flights, hotels and airport lounges',
    descriptionAr: 'رحلات طيران وفنادق وصالات مطارات',
    hue: 205,
    stores: [
      {
        name: 'SkyWays Airlines',
        nameAr: 'خطوط سكاي وايز',
        vouchers: [
          ['Seat upgrade', 'ترقية المقعد', 12_000, 150],
          ['Extra baggage 10 kg', 'أمتعة إضافية 10 كغ', 5000, 65],
        ],
      },
      {
        name: 'Harbour Hotels',
        nameAr: 'فنادق المرفأ',
        vouchers: [
          ['One night stay', 'إقامة ليلة واحدة', 16_000, 200],
          ['Spa afternoon', 'جلسة سبا مسائية', 7000, 90],
        ],
      },
      {
        name: 'Lounge Pass',
        nameAr: 'تصريح الصالة',
        vouchers: [['Airport lounge visit', 'زيارة صالة المطار', 3200, 40]],
      },
    ],
  },
  {
    category: 'Shopping',
    categoryAr: 'التسوق',
    description: 'Gift cards for fashion, electronics and home',
    descriptionAr: 'بطاقات هدايا للأزياء والإلكترونيات والمنزل',
    hue: 280,
    stores: [
      {
        name: 'City Mall Gift Card',
        nameAr: 'بطاقة هدايا سيتي مول',
        vouchers: [
          ['Gift card 50', 'بطاقة هدايا بقيمة 50', 4000, 50],
          ['Gift card 100', 'بطاقة هدايا بقيمة 100', 7800, 100],
        ],
      },
      {
        name: 'TechZone',
        nameAr: 'تك زون',
        vouchers: [
          ['Headphones discount', 'خصم على السماعات', 2500, 30],
          ['Gift card 200', 'بطاقة هدايا بقيمة 200', 15_500, 200],
        ],
      },
    ],
  },
  {
    category: 'Fuel & Mobility',
    categoryAr: 'الوقود والتنقل',
    description: 'Fuel, car wash and ride hailing',
    descriptionAr: 'وقود وغسيل سيارات وتوصيل',
    hue: 130,
    stores: [
      {
        name: 'FuelUp Stations',
        nameAr: 'محطات فيول أب',
        vouchers: [
          ['Fuel 20', 'وقود بقيمة 20', 1600, 20],
          ['Car wash', 'غسيل سيارة', 900, 12],
        ],
      },
      { name: 'RideNow', nameAr: 'رايد ناو', vouchers: [['Two rides', 'رحلتان', 1400, 18]] },
    ],
  },
  {
    category: 'Entertainment',
    categoryAr: 'الترفيه',
    description: 'Cinema, concerts and streaming',
    descriptionAr: 'سينما وحفلات وبث',
    hue: 340,
    stores: [
      {
        name: 'Starlight Cinemas',
        nameAr: 'سينما ستارلايت',
        vouchers: [
          ['Two cinema tickets', 'تذكرتا سينما', 1900, 24],
          ['Popcorn combo', 'وجبة فشار', 600, 8],
        ],
      },
      {
        name: 'StreamBox',
        nameAr: 'ستريم بوكس',
        vouchers: [['One month subscription', 'اشتراك لمدة شهر', 1200, 15]],
      },
    ],
  },
];

/** A tile of colour with a few shapes: pictures made here, so demo data needs no files. */
async function tile(hue: number, variant: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,35%)"/>
    </linearGradient></defs>
    <rect width="480" height="320" fill="url(#g)"/>
    <circle cx="${120 + variant * 37}" cy="${110 + variant * 11}" r="${60 + variant * 7}" fill="white" fill-opacity="0.18"/>
    <circle cx="${360 - variant * 23}" cy="${220 - variant * 9}" r="${90 - variant * 5}" fill="white" fill-opacity="0.12"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).png().toBuffer();
}

/** Seeds the demo rewards catalogue once (does nothing when a category exists). */
export async function seedDemoCatalogue(db: Db): Promise<void> {
  const [any] = await db.select({ id: rewardCategories.id }).from(rewardCategories).limit(1);
  if (any) return;
  await db.transaction(async (tx) => {
    for (const c of catalogue) {
      const image = await saveImage(tx, await tile(c.hue, 0), { filename: `${c.category}.png` });
      const [category] = await tx
        .insert(rewardCategories)
        .values({
          name: c.category,
          nameAr: c.categoryAr,
          description: c.description,
          descriptionAr: c.descriptionAr,
          imageId: image.id,
        })
        .returning({ id: rewardCategories.id });
      for (const [i, s] of c.stores.entries()) {
        const storeImage = await saveImage(tx, await tile(c.hue + 12 * (i + 1), i + 1), {
          filename: `${s.name}.png`,
        });
        const [store] = await tx
          .insert(stores)
          .values({
            name: s.name,
            nameAr: s.nameAr,
            imageId: storeImage.id,
            categoryId: (category as { id: number }).id,
          })
          .returning({ id: stores.id });
        await tx.insert(vouchers).values(
          s.vouchers.map(([name, nameAr, pointsRequired, money], j) => ({
            name,
            nameAr,
            description: `${name} at ${s.name}`,
            descriptionAr: `${nameAr} لدى ${s.nameAr}`,
            imageId: storeImage.id,
            storeId: (store as { id: number }).id,
            // Stock and limits for a programme of a few thousand members over two and a half years.
            amount: 3000 + 1000 * j,
            pointsRequired,
            money,
            perCustomerLimit: pointsRequired < 2000 ? 12 : 6,
          })),
        );
      }
    }
  });
}
