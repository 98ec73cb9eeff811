import { KeyboardEvent, FocusEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAccountActions } from '@/lib/account-actions';
import { usePartner } from '@/lib/partner';
import { useIsLoggedIn, useStoredUser } from '@/lib/storage';
import { LanguageSwitch } from './language-switch';
import './navbar.css';

/** The navbar shows at most `max` characters of the first name, then an ellipsis (spec 01 §9). */
export function truncateName(name: string, max = 40): string {
  // Array.from counts code points, so an emoji or accented letter is never cut in half.
  const chars = Array.from(name.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}

function ProfileIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="navbar__icon">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.4-3.6 4.4-5.5 8-5.5s6.6 1.9 8 5.5" />
    </svg>
  );
}

function ChevronIcon() {
  return (
    <svg viewBox="0 0 12 8" aria-hidden="true" focusable="false" className="navbar__chevron">
      <path d="M1 1l5 5 5-5" />
    </svg>
  );
}

/** 'My profile' and 'Logout'. */
const MENU_ITEM_COUNT = 2;

/** A menu button (WAI-ARIA pattern): arrows move between items, Escape closes. */
function ProfileMenu({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  const { logout: logoutAccount } = useAccountActions();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const menuId = useId();
  const shownName = truncateName(firstName);

  useEffect(() => {
    if (!open) {
      return;
    }
    const onOutside = (event: Event): void => {
      if (!rootRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('touchstart', onOutside, { passive: true });
    return () => {
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('touchstart', onOutside);
    };
  }, [open]);

  useEffect(() => {
    if (open) {
      itemRefs.current[focusIndex]?.focus();
    }
  }, [open, focusIndex]);

  const openAt = (index: number): void => {
    setFocusIndex(index);
    setOpen(true);
  };

  const close = (returnFocus: boolean): void => {
    setOpen(false);
    if (returnFocus) {
      buttonRef.current?.focus();
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>): void => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(MENU_ITEM_COUNT - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>): void => {
    const count = MENU_ITEM_COUNT;
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % count,
      ArrowUp: (focusIndex - 1 + count) % count,
      Home: 0,
      End: count - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setFocusIndex(moves[event.key]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const onBlur = (event: FocusEvent<HTMLDivElement>): void => {
    if (open && !rootRef.current?.contains(event.relatedTarget)) {
      setOpen(false);
    }
  };

  const logout = (): void => {
    setOpen(false);
    // Spec 01 §4 Logout: provider sign-out, cleanup, popup and home (see features/identity).
    void logoutAccount();
  };

  return (
    <div className="profile-menu" ref={rootRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="profile-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        title={shownName === firstName.trim() ? undefined : firstName}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        <span className="profile-menu__avatar" aria-hidden="true">
          {Array.from(firstName.trim())[0]?.toUpperCase() ?? ''}
        </span>
        <span className="profile-menu__name">{shownName}</span>
        <ChevronIcon />
      </button>
      {open ? (
        <ul
          id={menuId}
          className="profile-menu__list"
          role="menu"
          aria-label={t('common.navbar.accountMenu')}
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <Link
              ref={(el) => {
                itemRefs.current[0] = el;
              }}
              to={paths.dashboard}
              role="menuitem"
              tabIndex={-1}
              className="profile-menu__item"
              onClick={() => setOpen(false)}
            >
              {t('common.navbar.myProfile')}
            </Link>
          </li>
          <li role="none">
            <button
              ref={(el) => {
                itemRefs.current[1] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="profile-menu__item profile-menu__item--logout"
              onClick={logout}
            >
              {t('common.navbar.logout')}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/**
 * Partner logo, Contact, language and Login or the profile menu; on phones only the logo and a
 * profile icon (spec 01 §2 Shared parts). Both variants are in the DOM; CSS picks one.
 */
export function Navbar() {
  const { t } = useTranslation();
  const partner = usePartner();
  const loggedIn = useIsLoggedIn();
  const user = useStoredUser();
  const loginLink = (
    <Link to={paths.login} className="button button--primary navbar__login">
      {t('common.navbar.login')}
    </Link>
  );

  return (
    <header className="navbar">
      <div className="navbar__inner">
        <Link to={paths.home} className="navbar__brand">
          <img className="navbar__logo" src={partner.logo} alt={partner.name} />
        </Link>
        <nav className="navbar__nav" aria-label={t('common.navbar.mainNavigation')}>
          <NavLink to={paths.contact} className="navbar__link">
            {t('common.navbar.contact')}
          </NavLink>
          <LanguageSwitch className="navbar__language" />
          {loggedIn && user ? <ProfileMenu firstName={user.firstName ?? ''} /> : loginLink}
        </nav>
        <div className="navbar__mobile">
          {loggedIn ? (
            <NavLink
              to={paths.dashboardProfile}
              className="navbar__profile-icon"
              aria-label={t('common.navbar.myProfile')}
            >
              <ProfileIcon />
            </NavLink>
          ) : (
            loginLink
          )}
        </div>
      </div>
    </header>
  );
}
