/**
 * Cities drawn on the offline base layer (labels), with their population rank: the first five
 * are labelled at the country view, the others once the map is zoomed in.
 */
export interface CityLabel {
  en: string;
  ar: string;
  position: [number, number];
  /** The name on the west of its dot (where an eastern neighbour's name would cover it). */
  west?: boolean;
}

export const cityLabels: CityLabel[] = [
  { en: 'Riyadh', ar: 'الرياض', position: [24.7136, 46.6753] },
  { en: 'Jeddah', ar: 'جدة', position: [21.4858, 39.1925], west: true },
  { en: 'Makkah', ar: 'مكة المكرمة', position: [21.3891, 39.8579] },
  { en: 'Madinah', ar: 'المدينة المنورة', position: [24.5247, 39.5692] },
  { en: 'Dammam', ar: 'الدمام', position: [26.4207, 50.0888] },
  { en: 'Taif', ar: 'الطائف', position: [21.2703, 40.4158] },
  { en: 'Tabuk', ar: 'تبوك', position: [28.3835, 36.5662] },
  { en: 'Buraidah', ar: 'بريدة', position: [26.3592, 43.9818] },
  { en: 'Al Khobar', ar: 'الخبر', position: [26.2172, 50.1971] },
  { en: 'Al Ahsa', ar: 'الأحساء', position: [25.3831, 49.5869] },
  { en: 'Khamis Mushait', ar: 'خميس مشيط', position: [18.3061, 42.7297] },
  { en: 'Abha', ar: 'أبها', position: [18.2164, 42.5053] },
  { en: 'Hail', ar: 'حائل', position: [27.5114, 41.7208] },
  { en: 'Jazan', ar: 'جازان', position: [16.8892, 42.5511] },
  { en: 'Najran', ar: 'نجران', position: [17.5656, 44.2289] },
  { en: 'Jubail', ar: 'الجبيل', position: [27.0046, 49.646] },
  { en: 'Yanbu', ar: 'ينبع', position: [24.0895, 38.0618] },
  { en: 'Al Baha', ar: 'الباحة', position: [20.0129, 41.4677] },
  { en: 'Sakaka', ar: 'سكاكا', position: [29.9697, 40.2064] },
  { en: 'Arar', ar: 'عرعر', position: [30.9753, 41.0381] },
];

/** How many of the largest cities are labelled at the country view. */
export const MAJOR_CITIES = 5;
