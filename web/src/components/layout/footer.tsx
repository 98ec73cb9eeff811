import { useTranslation } from '@/i18n/use-translation';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useLanguage } from '@/i18n/use-language';
import { usePartner } from '@/lib/partner';
import { LanguageSwitch } from './language-switch';
import './footer.css';

/** Credentials, legal links (the Impressum only in German), logo and language (spec 01 §2). */
export function Footer() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const partner = usePartner();
  const links = [
    { to: paths.terms, label: t('common.footer.terms') },
    { to: paths.privacy, label: t('common.footer.privacy') },
    { to: paths.contact, label: t('common.footer.contact') },
    ...(language === 'de' ? [{ to: paths.impressum, label: t('common.footer.impressum') }] : []),
  ];

  return (
    <footer className="footer">
      <div className="footer__inner">
        <div className="footer__brand">
          <Link to={paths.home} className="footer__logo-link">
            <img className="footer__logo" src={partner.logo} alt={partner.name} />
          </Link>
          <p className="footer__tagline">{t('common.footer.tagline')}</p>
        </div>
        <nav className="footer__nav" aria-label={t('common.footer.navigation')}>
          <ul className="footer__links">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="footer__link">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch className="footer__language" />
      </div>
      <div className="footer__bottom">
        <Link to={paths.home} className="footer__credentials">
          {t('common.footer.credentials', { year: new Date().getFullYear() })}
        </Link>
      </div>
    </footer>
  );
}
