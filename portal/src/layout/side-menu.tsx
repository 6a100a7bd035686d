import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '@kiwi/shared/ui/modal-dialog';
import { useSession } from '../session/session-provider';
import { DrawerContent, Logo } from './drawer';
import { drawerVariant, organizationIdentifierOf } from './layout-rules';
import { MEDIUM_UP, useMediaQuery } from './use-media-query';

/** The side menu of SPEC §2: a permanent drawer from the medium breakpoint, an app bar with a modal drawer below it. */
export function SideMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('portal');
  const { kiwiUser } = useSession();
  const wide = useMediaQuery(MEDIUM_UP);
  // The temporary drawer is open for the page it was opened on: any navigation (a menu entry, the logo, the profile
  // link, the browser's back button) closes it (issue 21 point 1).
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const variant = drawerVariant(pathname);
  const identifier = organizationIdentifierOf(pathname);
  const label = t('layout.mainMenu');
  const wasOpen = useRef(false);

  // Focus returns to the menu button once the temporary drawer has closed (it is inert while the drawer is modal).
  useEffect(() => {
    if (wasOpen.current && !open) menuButton.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (wide) {
    return (
      <nav className="drawer drawer--permanent" data-variant={variant} aria-label={label}>
        <DrawerContent variant={variant} identifier={identifier} />
      </nav>
    );
  }

  const close = () => setOpenOn(null);

  return (
    <>
      <header className="app-bar" data-variant={variant}>
        <button
          ref={menuButton}
          type="button"
          className="app-bar__menu-button"
          aria-label={t('layout.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={open}
          onClick={() => setOpenOn(pathname)}
        >
          <span className="app-bar__menu-icon" aria-hidden="true" />
        </button>
        <Logo variant={variant} user={kiwiUser} />
      </header>
      <ModalDialog open={open} onCancel={close} className="drawer-dialog" label={label} closeOnBackdrop>
        <nav className="drawer drawer--temporary" data-variant={variant} aria-label={label}>
          <button type="button" className="drawer__close" aria-label={t('layout.closeMenu')} onClick={close}>
            ×
          </button>
          <DrawerContent variant={variant} identifier={identifier} onNavigate={close} />
        </nav>
      </ModalDialog>
    </>
  );
}
