import sharp from 'sharp';
import { saveImage } from '../../platform/files.ts';
import type { Db } from '../client.ts';
import { rewardCategories, stores, vouchers } from '../schema/index.ts';

/** A catalogue a bank's programme could run: category → stores → vouchers [name, points, money]. */
const catalogue: {
  category: string;
  description: string;
  hue: number;
  stores: { name: string; vouchers: [string, number, number][] }[];
}[] = [
  {
    category: 'Dining',
    description: 'Restaurants and cafés',
    hue: 18,
    stores: [
      {
        name: 'Olive & Thyme',
        vouchers: [
          ['Dinner for two', 4500, 60],
          ['Lunch set menu', 1800, 25],
        ],
      },
      {
        name: 'Bean There Café',
        vouchers: [
          ['Any coffee', 400, 5],
          ['Breakfast box', 1100, 15],
        ],
      },
    ],
  },
  {
    category: 'Travel',
    description: 'Flights, hotels and airport lounges',
    hue: 205,
    stores: [
      {
        name: 'SkyWays Airlines',
        vouchers: [
          ['Seat upgrade', 12_000, 150],
          ['Extra baggage 10 kg', 5000, 65],
        ],
      },
      {
        name: 'Harbour Hotels',
        vouchers: [
          ['One night stay', 16_000, 200],
          ['Spa afternoon', 7000, 90],
        ],
      },
      { name: 'Lounge Pass', vouchers: [['Airport lounge visit', 3200, 40]] },
    ],
  },
  {
    category: 'Shopping',
    description: 'Gift cards for fashion, electronics and home',
    hue: 280,
    stores: [
      {
        name: 'City Mall Gift Card',
        vouchers: [
          ['Gift card 50', 4000, 50],
          ['Gift card 100', 7800, 100],
        ],
      },
      {
        name: 'TechZone',
        vouchers: [
          ['Headphones discount', 2500, 30],
          ['Gift card 200', 15_500, 200],
        ],
      },
    ],
  },
  {
    category: 'Fuel & Mobility',
    description: 'Fuel, car wash and ride hailing',
    hue: 130,
    stores: [
      {
        name: 'FuelUp Stations',
        vouchers: [
          ['Fuel 20', 1600, 20],
          ['Car wash', 900, 12],
        ],
      },
      { name: 'RideNow', vouchers: [['Two rides', 1400, 18]] },
    ],
  },
  {
    category: 'Entertainment',
    description: 'Cinema, concerts and streaming',
    hue: 340,
    stores: [
      {
        name: 'Starlight Cinemas',
        vouchers: [
          ['Two cinema tickets', 1900, 24],
          ['Popcorn combo', 600, 8],
        ],
      },
      { name: 'StreamBox', vouchers: [['One month subscription', 1200, 15]] },
    ],
  },
];

/** A tile of colour with a few shapes: pictures made here, so demo data needs no files. */
function tile(hue: number, variant: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},65%,35%)"/>
    </linearGradient></defs>
    <rect width="480" height="320" fill="url(#g)"/>
    <circle cx="${120 + variant * 37}" cy="${110 + variant * 11}" r="${60 + variant * 7}" fill="white" fill-opacity="0.18"/>
    <circle cx="${360 - variant * 23}" cy="${220 - variant * 9}" r="${90 - variant * 5}" fill="white" fill-opacity="0.12"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
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
        .values({ name: c.category, description: c.description, imageId: image.id })
        .returning({ id: rewardCategories.id });
      for (const [i, s] of c.stores.entries()) {
        const storeImage = await saveImage(tx, await tile(c.hue + 12 * (i + 1), i + 1), {
          filename: `${s.name}.png`,
        });
        const [store] = await tx
          .insert(stores)
          .values({ name: s.name, imageId: storeImage.id, categoryId: (category as { id: number }).id })
          .returning({ id: stores.id });
        await tx.insert(vouchers).values(
          s.vouchers.map(([name, pointsRequired, money], j) => ({
            name,
            description: `${name} at ${s.name}`,
            imageId: storeImage.id,
            storeId: (store as { id: number }).id,
            amount: 200 + 150 * j,
            pointsRequired,
            money,
            perCustomerLimit: pointsRequired < 1000 ? 5 : 2,
          })),
        );
      }
    }
  });
}
