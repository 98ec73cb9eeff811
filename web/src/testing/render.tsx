import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next, { i18n as I18n, Resource } from 'i18next';
import { ReactNode, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import type { AppConfigResponseDto, PartnerResponseDto } from '@/api/types.gen';
import { setRouteQueryClient, trackFirstScreen } from '@/app/route-query-client';
import { routes } from '@/app/router';
import { ModalProvider } from '@/components/ui/modal-store';
import { Language, LANGUAGES, storeLanguage } from '@/i18n/i18n';
import { LanguageContext } from '@/i18n/use-language';
import { AppConfigTestProvider, configQueryOptions } from '@/lib/app-config';
import { STORAGE_KEYS, StoredUser } from '@/lib/storage';

/** The real texts the API serves: every namespace file (common, pages, …) of every language. */
const localeFiles = import.meta.glob<Record<string, unknown>>(
  '../../../api/src/translations/locales/*/*.json',
  { eager: true, import: 'default' },
);

function loadResources(): Resource {
  const resources: Resource = {};
  for (const [file, content] of Object.entries(localeFiles)) {
    const match = /\/locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
    if (match) {
      const [, lang, namespace] = match;
      resources[lang] ??= { translation: {} };
      (resources[lang].translation as Record<string, unknown>)[namespace] = content;
    }
  }
  return resources;
}

const RESOURCES = loadResources();

export function createTestI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: RESOURCES,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

export const TEST_PARTNERS: PartnerResponseDto[] = [
  {
    userSource: 'ancora_hcp',
    name: 'Trialflow',
    urlParam: 'hcp',
    cssClassOverride: 'theme-ancora-hcp',
    logo: '/brand/trialflow.svg',
    facilityGrouping: '',
    diseases_dropdown: 'all',
    set_type_of_disease: null,
    isDefault: true,
  },
  {
    userSource: 'breast_cancer_partner',
    name: 'Trialflow Breast Cancer',
    urlParam: 'breastcancer',
    cssClassOverride: 'theme-breast-cancer',
    logo: '/brand/trialflow-breast.svg',
    facilityGrouping: '3',
    diseases_dropdown: ['breast_cancer'],
    set_type_of_disease: 'breast_cancer',
    isDefault: false,
  },
];

export function createTestConfig(
  overrides: Partial<AppConfigResponseDto> = {},
): AppConfigResponseDto {
  return {
    captcha: { kind: 'altcha' },
    conditions: ['breast_cancer', 'lung_cancer', 'melanoma', 'prostate_cancer'],
    defaultLanguage: 'en',
    defaultUserSource: 'ancora_hcp',
    features: { fileUpload: true },
    files: {
      maxFiles: 10,
      maxUploadBytes: 100_000_000,
      acceptedTypes: ['doc', 'docx', 'jpg', 'pdf', 'png', 'txt', 'xls', 'xlsx'],
    },
    hospitalSelectionCountries: [],
    identityProvider: { kind: 'local' },
    languages: [...LANGUAGES],
    partners: TEST_PARTNERS,
    supportEmail: 'support@trialflow.example',
    ...overrides,
  };
}

export const TEST_HCP: StoredUser = {
  _id: 'u-hcp-1',
  type: 'hcp',
  email: 'dr.vega@hospital.example',
  firstName: 'Lucía',
  lastName: 'Vega',
  userSource: 'ancora_hcp',
  clinopsuser: false,
};

export const TEST_CLINOPS: StoredUser = {
  _id: 'u-clinops-1',
  type: 'clinops',
  email: 'sam.okafor@site.example',
  firstName: 'Sam',
  lastName: 'Okafor',
  userSource: 'ancora_hcp',
  clinopsuser: true,
};

/** Stores a session the way a successful login does (spec 01 §4 Login flow). */
export function storeTestLogin(user: StoredUser): void {
  localStorage.setItem(STORAGE_KEYS.login, 'true');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.userId, user._id);
  localStorage.setItem(STORAGE_KEYS.accessToken, `token-${user._id}`);
  localStorage.setItem(STORAGE_KEYS.registerType, 'email');
}

function TestLanguageProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(i18n.language as Language);
  // Every language is already loaded, so the switch is immediate (the real gate fetches first).
  const setLanguage = (lang: Language): void => {
    storeLanguage(lang);
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
    setLanguageState(lang);
  };
  return (
    <LanguageContext.Provider value={{ language, setLanguage, switching: false }}>
      {children}
    </LanguageContext.Provider>
  );
}

export interface RenderWithAppOptions {
  /** Renders the app's real route table at this URL (when `ui` is null). */
  route?: string;
  config?: AppConfigResponseDto;
  /** Logged in as this user; null or missing: logged out. */
  user?: StoredUser | null;
  language?: Language;
  /** Extra local-storage entries written before rendering. */
  storage?: Record<string, string>;
}

/**
 * Renders with the app's providers. `renderWithApp(null, { route })` runs the real routes in a
 * memory router (`router.state.location` tells where the app landed); `renderWithApp(<X />)`
 * renders X inside a MemoryRouter at `route` (default /).
 */
export function renderWithApp(ui: ReactNode | null, options: RenderWithAppOptions = {}) {
  const {
    route,
    config = createTestConfig(),
    user = null,
    language = 'en',
    storage = {},
  } = options;
  if (user) {
    storeTestLogin(user);
  }
  for (const [key, value] of Object.entries(storage)) {
    localStorage.setItem(key, value);
  }
  // jsdom has no layout: scrolling is a no-op instead of a "not implemented" error.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);

  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const i18n = createTestI18n(language);
  document.documentElement.lang = language;
  // The real routes' loaders use this client, as createRouter sets it in the app, and find the
  // configuration where the app keeps it.
  queryClient.setQueryData(configQueryOptions().queryKey, config);
  setRouteQueryClient(queryClient);
  const router =
    ui === null ? createMemoryRouter(routes, { initialEntries: [route ?? '/'] }) : undefined;
  if (router) {
    trackFirstScreen(router);
  }

  const result: RenderResult = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <TestLanguageProvider i18n={i18n}>
          <AppConfigTestProvider value={config}>
            <ModalProvider>
              {router ? (
                <RouterProvider router={router} />
              ) : (
                <MemoryRouter initialEntries={[route ?? '/']}>{ui}</MemoryRouter>
              )}
            </ModalProvider>
          </AppConfigTestProvider>
        </TestLanguageProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );

  return { ...result, user: userEvent.setup(), router, i18n, queryClient };
}
