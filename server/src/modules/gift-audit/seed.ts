import type { Executor } from '../../db/client';
import { giftCategories, gifts } from '../../db/schema/rewards';

type DemoGift = Omit<typeof gifts.$inferInsert, 'categoryId'> & { category: number };

// Names in Japanese with the English after them: the catalogue is the platform's, one name for every member.
const CATEGORIES = ['カフェ・スイーツ (Café & sweets)', 'ショッピング (Shopping)', '体験・旅行 (Experiences)'];

/**
 * Demo rewards (issue 18): priced so the seeded member (300 coins) can exchange the small gifts right away, and one
 * gift with a stock of 3 shows "sold out" soon. Weekly gacha stock is made per organisation on the week's first read.
 */
const GIFTS: DemoGift[] = [
  {
    category: 0,
    giftType: 'coin_exchange',
    name: 'カフェドリンクチケット 500円 (Café drink ticket ¥500)',
    description: '全国のカフェで使えるドリンクチケットです。 A drink at cafés nationwide.',
    needCoins: 100,
    gifteeCode: 'DEMO-CAFE-500',
    price: 500,
  },
  {
    category: 1,
    giftType: 'coin_exchange',
    name: 'コンビニ 300円クーポン (Convenience store ¥300 coupon)',
    description: 'コンビニで使える300円分のクーポン。 ¥300 to spend at convenience stores.',
    needCoins: 60,
    gifteeCode: 'DEMO-CVS-300',
    price: 300,
  },
  {
    category: 1,
    giftType: 'coin_exchange',
    name: '限定 Kiwi スポーツタオル (Limited Kiwi sports towel)',
    description: '数量限定のオリジナルタオル。 A limited-edition towel: only a few left.',
    needCoins: 250,
    gifteeCode: 'DEMO-TOWEL',
    price: 1500,
    stock: 3,
  },
  {
    category: 1,
    giftType: 'weekly_gacha',
    weeklyGachaCalculationType: 'bronze',
    name: 'コンビニ 100円クーポン (Convenience store ¥100 coupon)',
    description: '週替わりガチャのブロンズ賞。 The weekly gacha bronze prize.',
    needCoins: 0,
    gifteeCode: 'DEMO-CVS-100',
    price: 100,
  },
  {
    category: 0,
    giftType: 'weekly_gacha',
    weeklyGachaCalculationType: 'silver',
    name: 'カフェドリンクチケット (Café drink ticket)',
    description: '週替わりガチャのシルバー賞。 The weekly gacha silver prize.',
    needCoins: 0,
    gifteeCode: 'DEMO-CAFE-500',
    price: 500,
  },
  {
    category: 1,
    giftType: 'weekly_gacha',
    weeklyGachaCalculationType: 'gold',
    name: 'デジタルギフト 3,000円 (Digital gift card ¥3,000)',
    description: '週替わりガチャのゴールド賞。 The weekly gacha gold prize.',
    needCoins: 0,
    gifteeCode: 'DEMO-GIFT-3000',
    price: 3000,
  },
  {
    category: 0,
    giftType: 'weekly_gacha',
    weeklyGachaCalculationType: 'stamp_complete',
    name: 'スタンプカード達成賞 フルーツギフト (Stamp card prize: fruit box)',
    description: 'クエストのスタンプを集めた人へのごほうび。 For members who filled a stamp card.',
    needCoins: 0,
    gifteeCode: 'DEMO-FRUIT',
    price: 2000,
  },
  {
    category: 2,
    giftType: 'dream_gacha',
    name: '温泉旅行ペアチケット (Hot spring trip for two)',
    description: 'ドリームガチャの大当たり。 The dream gacha jackpot: a small chance at a big prize.',
    needCoins: 100,
    gifteeCode: 'DEMO-ONSEN',
    price: 50000,
    stock: 1,
  },
];

/** Seeds the reward catalogue once (a catalogue with any category is left as it is). */
export async function seedRewards(tx: Executor): Promise<void> {
  const [existing] = await tx.select({ id: giftCategories.id }).from(giftCategories).limit(1);
  if (existing) return;
  const categories = await tx
    .insert(giftCategories)
    .values(CATEGORIES.map((name) => ({ name })))
    .returning({ id: giftCategories.id });
  await tx.insert(gifts).values(GIFTS.map(({ category, ...gift }) => ({ ...gift, categoryId: categories[category]!.id })));
}
