export { AboutPage } from './components/about-page';
export { ContactPage } from './components/contact-page';
export { CookiePage } from './components/cookie-page';
export { ImpressumPage } from './components/impressum-page';
export { PrivacyPage } from './components/privacy-page';
export { TermsPage } from './components/terms-page';
