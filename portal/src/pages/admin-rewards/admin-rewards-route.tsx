import { useLocation } from 'react-router';
import { ComingSoonPage } from '../coming-soon-page';
import { GachaDrawsPage } from './gacha-draws-page';

/**
 * The platform admin's reward pages (issue 18) as one lazy page, so /login's entry holds one chunk reference for all
 * of them: /_admin/gifts, /_admin/gifts/draws (draw audit and weekly budgets), /_admin/gift_categories, /_admin/quests.
 */
export function AdminRewardsRoute() {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/gifts/draws')) return <GachaDrawsPage />;
  if (path.endsWith('/gift_categories')) return <ComingSoonPage area="admin" page="giftCategories" />;
  if (path.endsWith('/quests')) return <ComingSoonPage area="admin" page="quests" />;
  return <ComingSoonPage area="admin" page="gifts" />;
}
