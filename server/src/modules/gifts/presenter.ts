import { serialize, type Pagination } from '../../jsonapi/serialize';
import type { GiftCategoryWithCount, GiftWithCategory } from './service';

const categoryAttributes = ['name', 'giftsCount', 'createdAt', 'updatedAt'] as const;

export const presentGiftCategory = (row: GiftCategoryWithCount) => serialize('gift-categories', row, { attributes: categoryAttributes });
export const presentGiftCategories = (rows: GiftCategoryWithCount[], pagination: Pagination) =>
  serialize('gift-categories', rows, { attributes: categoryAttributes, pagination });

/** What a member sees of a gift: no giftee code (what the prize is issued with) and no price (the budget's). */
const memberAttributes = (row: GiftWithCategory) => ({
  giftType: row.giftType,
  name: row.name,
  description: row.description,
  thumbnailUrl: row.thumbnailUrl,
  needCoins: row.needCoins,
  activeFrom: row.activeFrom,
  activeTo: row.activeTo,
  disabled: row.disabled,
  weeklyGachaCalculationType: row.weeklyGachaCalculationType,
  stock: row.stock,
  categoryId: row.categoryId === null ? null : String(row.categoryId),
  categoryName: row.categoryName,
});
const adminAttributes = (row: GiftWithCategory) => ({
  ...memberAttributes(row),
  gifteeCode: row.gifteeCode,
  price: row.price,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export type GiftView = 'admin' | 'member';
const attributesOf = (view: GiftView) => (view === 'admin' ? adminAttributes : memberAttributes);

export const presentGift = (row: GiftWithCategory) => serialize('gifts', row, { attributes: adminAttributes });
export const presentGifts = (rows: GiftWithCategory[], view: GiftView, pagination: Pagination) =>
  serialize('gifts', rows, { attributes: attributesOf(view), pagination });
