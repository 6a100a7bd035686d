import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/session-provider';
import { Footer } from './footer';
import { LayoutOptionsProvider } from './layout-options';
import { isSidebarlessPath, isSideMenuVisible } from './layout-rules';
import './layout.css';

/**
 * The side menu (drawer, app bar, the three areas' menus, the user block) is a chunk of its own: it shows only to a
 * signed-in user (SPEC §2, §6), so /login and the other sign-in pages never download it. Until it arrives (or if it
 * cannot), a placeholder of the drawer's size keeps the page from moving.
 */
const SideMenu = lazy(() =>
  import('./side-menu').then(
    (module) => ({ default: module.SideMenu }),
    (error: unknown) => {
      console.warn('Kiwi: the side menu could not be loaded', error);
      return { default: SideMenuPlaceholder };
    },
  ),
);

function SideMenuPlaceholder(_props: { pathname: string }) {
  return <div className="side-menu-placeholder" />;
}

/** The page frame of SPEC §2: side menu by area, content, footer; sidebar-less pages on the green background. */
export function AppLayout() {
  const { pathname } = useLocation();
  const { t } = useTranslation('portal');
  const { kiwiUser } = useSession();
  const sidebarless = isSidebarlessPath(pathname);
  const showMenu = !sidebarless && isSideMenuVisible(pathname, kiwiUser);

  return (
    <LayoutOptionsProvider>
      {({ footerHidden }) => (
        <div className={sidebarless ? 'layout layout--plain' : 'layout'} data-sidebar={showMenu}>
          <a className="skip-link" href="#main">
            {t('layout.skipToContent')}
          </a>
          {showMenu && (
            <Suspense fallback={<SideMenuPlaceholder pathname={pathname} />}>
              <SideMenu pathname={pathname} />
            </Suspense>
          )}
          <div className="layout__body">
            <main id="main" className="layout__content" tabIndex={-1}>
              <Outlet />
            </main>
            {!footerHidden && <Footer />}
          </div>
        </div>
      )}
    </LayoutOptionsProvider>
  );
}
