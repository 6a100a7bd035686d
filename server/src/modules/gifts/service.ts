// The platform's gift catalogue (issue 18 point 1): gift categories and gifts, admin writes, and the member view of
// what can be taken now.
import { ErrorCode } from '@kiwi/shared/api/error-codes';
import type { CreateGift, GiftCategoryInput, GiftType, UpdateGift } from '@kiwi/shared/schemas/rewards';
import { and, asc, count, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { giftCategories, type GiftCategoryRow, type GiftRow, gifts } from '../../db/schema/rewards';
import { ApiError, ApiErrorList, notFound } from '../../jsonapi/errors';

/** A gift as listed: its row and its category's name. */
export type GiftWithCategory = GiftRow & { categoryName: string | null };
export type GiftCategoryWithCount = GiftCategoryRow & { giftsCount: number };
type Page = { page: number; per: number };

/**
 * The statement hit a foreign key, possibly wrapped by drizzle: 23503 foreign_key_violation (a reference to a row that
 * is gone) or 23001 restrict_violation (deleting a row an ON DELETE RESTRICT key refers to; PGlite's PostgreSQL 17
 * answers it, older servers 23503).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code } = current as { code?: unknown };
    if (code === '23503' || code === '23001') return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------------------------------
// Categories

export async function listGiftCategories(tx: Executor, { page, per }: Page) {
  const rows = await tx
    .select({ category: giftCategories, giftsCount: count(gifts.id) })
    .from(giftCategories)
    .leftJoin(gifts, eq(gifts.categoryId, giftCategories.id))
    .groupBy(giftCategories.id)
    .orderBy(asc(giftCategories.name), asc(giftCategories.id))
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx.select({ value: count() }).from(giftCategories);
  return { rows: rows.map(({ category, giftsCount }) => ({ ...category, giftsCount })), total: total?.value ?? 0 };
}

async function withGiftsCount(tx: Executor, row: GiftCategoryRow): Promise<GiftCategoryWithCount> {
  const [used] = await tx.select({ value: count() }).from(gifts).where(eq(gifts.categoryId, row.id));
  return { ...row, giftsCount: used?.value ?? 0 };
}

export async function createGiftCategory(tx: Executor, input: GiftCategoryInput): Promise<GiftCategoryWithCount> {
  const [row] = await tx.insert(giftCategories).values({ name: input.name }).returning();
  if (!row) throw new Error('gift category not inserted');
  return { ...row, giftsCount: 0 };
}

export async function renameGiftCategory(tx: Executor, id: number, input: GiftCategoryInput): Promise<GiftCategoryWithCount> {
  const [row] = await tx.update(giftCategories).set({ name: input.name }).where(eq(giftCategories.id, id)).returning();
  if (!row) throw notFound();
  return withGiftsCount(tx, row);
}

/**
 * Deletes a category no gift uses; 409 giftCategories.inUse otherwise. The foreign key (ON DELETE RESTRICT) is the one
 * judge, so a gift being created with this category while the delete runs is covered too: its insert holds the
 * category row until it commits, then the delete meets the reference and fails the same way.
 */
export async function deleteGiftCategory(tx: Executor, id: number): Promise<void> {
  let deleted: { id: number }[];
  try {
    deleted = await tx.delete(giftCategories).where(eq(giftCategories.id, id)).returning({ id: giftCategories.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new ApiError(ErrorCode.giftCategoriesInUse, { cause: error });
    throw error;
  }
  if (deleted.length === 0) throw notFound();
}

// ---------------------------------------------------------------------------------------------------------------------
// Gifts

const giftColumns = { gift: gifts, categoryName: giftCategories.name };
const joined = (rows: { gift: GiftRow; categoryName: string | null }[]): GiftWithCategory[] =>
  rows.map(({ gift, categoryName }) => ({ ...gift, categoryName }));

/** `q` as a LIKE pattern that matches itself literally (its %, _ and \ escaped). */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export type GiftFilters = { giftType?: GiftType; categoryId?: number; disabled?: boolean; q?: string };

function filterConditions({ giftType, categoryId, disabled, q }: GiftFilters): SQL[] {
  const conditions: SQL[] = [];
  if (giftType) conditions.push(eq(gifts.giftType, giftType));
  if (categoryId !== undefined) conditions.push(eq(gifts.categoryId, categoryId));
  if (disabled !== undefined) conditions.push(eq(gifts.disabled, disabled));
  const text = q?.trim();
  if (text) conditions.push(sql`${gifts.name} ilike ${containsPattern(text)}`);
  return conditions;
}

/** What a member can take now: coin_exchange gifts, enabled, inside their active range, with stock left (or unlimited). */
function takeableNow(now: Date): SQL[] {
  return [
    eq(gifts.giftType, 'coin_exchange'),
    eq(gifts.disabled, false),
    or(isNull(gifts.activeFrom), lte(gifts.activeFrom, now)) as SQL,
    or(isNull(gifts.activeTo), gt(gifts.activeTo, now)) as SQL,
    or(isNull(gifts.stock), gt(gifts.stock, 0)) as SQL,
  ];
}

/**
 * GET /gifts. The admin's view: the whole catalogue, newest first, narrowed by the filters. The member's view: only what
 * they can take now (takeableNow), cheapest first; the filters narrow it further.
 */
export async function listGifts(tx: Executor, view: 'admin' | 'member', filters: GiftFilters, { page, per }: Page, now: Date) {
  const conditions = [...filterConditions(filters), ...(view === 'member' ? takeableNow(now) : [])];
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const order = view === 'member' ? [asc(gifts.needCoins), asc(gifts.id)] : [desc(gifts.id)];
  const rows = await tx
    .select(giftColumns)
    .from(gifts)
    .leftJoin(giftCategories, eq(giftCategories.id, gifts.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(per)
    .offset((page - 1) * per);
  const [total] = await tx.select({ value: count() }).from(gifts).where(where);
  return { rows: joined(rows), total: total?.value ?? 0 };
}

async function findGift(tx: Executor, id: number): Promise<GiftWithCategory> {
  const [row] = await tx
    .select(giftColumns)
    .from(gifts)
    .leftJoin(giftCategories, eq(giftCategories.id, gifts.categoryId))
    .where(eq(gifts.id, id));
  if (!row) throw notFound();
  return { ...row.gift, categoryName: row.categoryName };
}

/** The fields the cross-field rules look at, after a change is applied to what is stored. */
type GiftState = Pick<GiftRow, 'giftType' | 'weeklyGachaCalculationType' | 'stock' | 'activeFrom' | 'activeTo' | 'categoryId'>;

/**
 * The rules one field's schema cannot see (issue 18 contract), as 422s on the field to fix: a weekly_gacha gift needs
 * its tier and has no stock of its own (its stock is per organisation and week); other types have no tier; the active
 * range ends after it starts.
 */
export function giftStateErrors(state: GiftState): ApiError[] {
  const errors: ApiError[] = [];
  const at = (field: string) => ({ pointer: `/gift/${field}` });
  const weekly = state.giftType === 'weekly_gacha';
  if (weekly && state.weeklyGachaCalculationType === null)
    errors.push(new ApiError(ErrorCode.validationRequired, at('weekly_gacha_calculation_type')));
  if (!weekly && state.weeklyGachaCalculationType !== null) {
    errors.push(new ApiError(ErrorCode.validationExclusiveOptions, at('weekly_gacha_calculation_type')));
  }
  if (weekly && state.stock !== null) errors.push(new ApiError(ErrorCode.validationExclusiveOptions, at('stock')));
  if (state.activeFrom && state.activeTo && state.activeTo <= state.activeFrom) {
    errors.push(new ApiError(ErrorCode.validationEndAfterStart, at('active_to')));
  }
  return errors;
}

/**
 * The category must exist (422 on /gift/category_id). FOR KEY SHARE holds it until this transaction ends, as the foreign
 * key check of the write does: a delete of the category waits, then meets the reference (giftCategories.inUse).
 */
async function checkCategory(tx: Executor, categoryId: number | null, errors: ApiError[]): Promise<void> {
  if (categoryId === null) return;
  const [row] = await tx.select({ id: giftCategories.id }).from(giftCategories).where(eq(giftCategories.id, categoryId)).for('key share');
  if (!row) errors.push(new ApiError(ErrorCode.validationNotFoundInOrganization, { pointer: '/gift/category_id' }));
}

/** Runs a gift write; a category deleted between the check and the write is the same 422 as an unknown one. */
async function writeGift<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) {
      throw new ApiError(ErrorCode.validationNotFoundInOrganization, { pointer: '/gift/category_id', cause: error });
    }
    throw error;
  }
}

const dateOrNull = (value: string | null | undefined) => (value ? new Date(value) : null);

export async function createGift(tx: Executor, input: CreateGift): Promise<GiftWithCategory> {
  const values = {
    giftType: input.gift_type,
    name: input.name,
    description: input.description ?? '',
    thumbnailUrl: input.thumbnail_url ?? null,
    needCoins: input.need_coins,
    gifteeCode: input.giftee_code || null,
    price: input.price ?? 0,
    activeFrom: dateOrNull(input.active_from),
    activeTo: dateOrNull(input.active_to),
    disabled: input.disabled ?? false,
    weeklyGachaCalculationType: input.weekly_gacha_calculation_type ?? null,
    categoryId: input.category_id ?? null,
    stock: input.stock ?? null,
  };
  const errors = giftStateErrors(values);
  await checkCategory(tx, values.categoryId, errors);
  if (errors.length > 0) throw new ApiErrorList(errors);
  const [row] = await writeGift(() => tx.insert(gifts).values(values).returning({ id: gifts.id }));
  if (!row) throw new Error('gift not inserted');
  return findGift(tx, row.id);
}

/** Changes what is sent; the rules hold for the gift as it will be (a new gift_type must suit its tier and stock). */
export async function updateGift(tx: Executor, id: number, input: UpdateGift): Promise<GiftWithCategory> {
  const [current] = await tx.select().from(gifts).where(eq(gifts.id, id)).for('update');
  if (!current) throw notFound();
  const changes: Partial<typeof gifts.$inferInsert> = {};
  if (input.gift_type !== undefined) changes.giftType = input.gift_type;
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.thumbnail_url !== undefined) changes.thumbnailUrl = input.thumbnail_url;
  if (input.need_coins !== undefined) changes.needCoins = input.need_coins;
  if (input.giftee_code !== undefined) changes.gifteeCode = input.giftee_code || null;
  if (input.price !== undefined) changes.price = input.price;
  if (input.active_from !== undefined) changes.activeFrom = dateOrNull(input.active_from);
  if (input.active_to !== undefined) changes.activeTo = dateOrNull(input.active_to);
  if (input.disabled !== undefined) changes.disabled = input.disabled;
  if (input.weekly_gacha_calculation_type !== undefined) changes.weeklyGachaCalculationType = input.weekly_gacha_calculation_type;
  if (input.category_id !== undefined) changes.categoryId = input.category_id;
  if (input.stock !== undefined) changes.stock = input.stock;
  const next = { ...current, ...changes } as GiftRow;
  const errors = giftStateErrors(next);
  if (changes.categoryId !== undefined && changes.categoryId !== current.categoryId) await checkCategory(tx, next.categoryId, errors);
  if (errors.length > 0) throw new ApiErrorList(errors);
  if (Object.keys(changes).length > 0) await writeGift(() => tx.update(gifts).set(changes).where(eq(gifts.id, id)));
  return findGift(tx, id);
}
