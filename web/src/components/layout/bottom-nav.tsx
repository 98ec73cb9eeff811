import { ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useIsLoggedIn } from '@/lib/storage';
import './bottom-nav.css';

/** Scroll movements smaller than this (px) are jitter, e.g. iOS rubber-banding. */
export const BOTTOM_NAV_SCROLL_THRESHOLD = 8;

/**
 * Hides on scroll down, shows on scroll up, always shows near the top of the page
 * (spec 01 §2 Shared parts). Movements under the threshold keep the current state.
 */
export function nextBottomNavVisible(prevY: number, y: number, visible: boolean): boolean {
  if (y <= BOTTOM_NAV_SCROLL_THRESHOLD) {
    return true;
  }
  const delta = y - prevY;
  if (Math.abs(delta) < BOTTOM_NAV_SCROLL_THRESHOLD) {
    return visible;
  }
  return delta < 0;
}

function useVisibleWhileScrollingUp(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  const visibleRef = useRef(true);

  useEffect(() => {
    if (!enabled) {
      return;
    }
    lastY.current = window.scrollY;
    let frame = 0;
    const update = (): void => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const next = nextBottomNavVisible(lastY.current, y, visibleRef.current);
      // The reference point moves only on a real movement, so slow scrolling still adds up.
      if (Math.abs(y - lastY.current) >= BOTTOM_NAV_SCROLL_THRESHOLD) {
        lastY.current = y;
      }
      if (next !== visibleRef.current) {
        visibleRef.current = next;
        setVisible(next);
      }
    };
    const onScroll = (): void => {
      if (!frame) {
        frame = window.requestAnimationFrame(update);
      }
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) {
        window.cancelAnimationFrame(frame);
      }
    };
  }, [enabled]);

  return visible;
}

/** Keeps page content clear of the fixed bar while the bar is on the page. */
function useBodyClass(className: string, active: boolean): void {
  useEffect(() => {
    if (!active) {
      return;
    }
    document.body.classList.add(className);
    return () => document.body.classList.remove(className);
  }, [className, active]);
}

const iconProps = {
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  className: 'bottom-nav__icon',
} as const;

const ICONS: Record<'home' | 'trialRequests' | 'notifications' | 'profile', ReactNode> = {
  home: (
    <svg {...iconProps}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
    </svg>
  ),
  trialRequests: (
    <svg {...iconProps}>
      <rect x="5" y="3.5" width="14" height="17" rx="2" />
      <path d="M9 3.5h6v3H9zM8.5 11h7M8.5 15h5" />
    </svg>
  ),
  notifications: (
    <svg {...iconProps}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  ),
  profile: (
    <svg {...iconProps}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 20c1.4-3.6 4.4-5.5 8-5.5s6.6 1.9 8 5.5" />
    </svg>
  ),
};

const ITEMS = [
  { key: 'home', to: paths.home, end: true },
  { key: 'trialRequests', to: paths.trialRequestsMobile, end: false },
  { key: 'notifications', to: paths.mobileNotifications, end: false },
  { key: 'profile', to: paths.dashboardProfile, end: false },
] as const;

/** Phone-only bar for logged-in users; CSS hides it from 769px up. */
export function BottomNav() {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const visible = useVisibleWhileScrollingUp(loggedIn);
  useBodyClass('has-bottom-nav', loggedIn);

  if (!loggedIn) {
    return null;
  }
  return (
    <nav
      className={visible ? 'bottom-nav' : 'bottom-nav bottom-nav--hidden'}
      aria-label={t('common.bottomNav.label')}
      data-visible={visible}
    >
      <ul className="bottom-nav__list">
        {ITEMS.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              end={item.end}
              className="bottom-nav__link"
              // A hidden bar must not take keyboard focus.
              tabIndex={visible ? undefined : -1}
            >
              {ICONS[item.key]}
              <span className="bottom-nav__label">{t(`common.bottomNav.${item.key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
