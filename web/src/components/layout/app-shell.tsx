import { MouseEvent, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation';
import { Outlet, useLocation } from 'react-router-dom';
import { ModalHost } from '@/components/ui/modal-host';
import { usePartner } from '@/lib/partner';
import { releasePrerenderedShell } from '@/lib/prerendered-shell';
import { BottomNav } from './bottom-nav';
import { CookieBanner } from './cookie-banner';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './app-shell.css';

/** Puts the partner's theme class on <body> so the overlays (modals, banners) get it too. */
function usePartnerThemeClass(className: string): void {
  useEffect(() => {
    const classes = className.split(/\s+/).filter(Boolean);
    document.body.classList.add(...classes);
    return () => document.body.classList.remove(...classes);
  }, [className]);
}

function useScrollToTopOnNavigation(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Moves focus itself so the router never sees a hash change. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>): void {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The frame around every route: navbar, content, footer and the overlays (spec 01 §2). */
export function AppShell() {
  const { t } = useTranslation();
  const partner = usePartner();
  usePartnerThemeClass(partner.cssClassOverride);
  useScrollToTopOnNavigation();
  // The app's first screen is in the DOM (still hidden): it replaces /login's prerendered one
  // before the browser paints again.
  useLayoutEffect(releasePrerenderedShell, []);

  return (
    <div className="app-shell">
      <a className="skip-link" href="#main" onClick={skipToContent}>
        {t('common.skipLink')}
      </a>
      <Navbar />
      <main id="main" className="app-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <BottomNav />
      <CookieBanner />
      <ModalHost />
    </div>
  );
}
