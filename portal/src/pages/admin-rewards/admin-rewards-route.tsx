import { useLocation } from 'react-router';
import { AdminGiftCategoriesPage } from './admin-gift-categories-page';
import { AdminGiftsPage } from './admin-gifts-page';
import { AdminQuestsPage } from './admin-quests-page';
import { GachaDrawsPage } from './gacha-draws-page';

/**
 * The platform admin's reward pages (issue 18) as one lazy page, so /login's entry holds one chunk reference for all
 * of them: /_admin/gifts, /_admin/gifts/draws (draw audit and weekly budgets), /_admin/gift_categories, /_admin/quests.
 */
export function AdminRewardsRoute() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/gifts/draws')) return <GachaDrawsPage />;
  if (path.endsWith('/gift_categories')) return <AdminGiftCategoriesPage />;
  if (path.endsWith('/quests')) return <AdminQuestsPage />;
  return <AdminGiftsPage />;
}
