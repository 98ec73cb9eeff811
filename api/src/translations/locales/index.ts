import deAuth from './de/auth.json';
import deCommon from './de/common.json';
import deForm from './de/form.json';
import dePages from './de/pages.json';
import deProfile from './de/profile.json';
import deValidation from './de/validation.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enForm from './en/form.json';
import enPages from './en/pages.json';
import enProfile from './en/profile.json';
import enValidation from './en/validation.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esForm from './es/form.json';
import esPages from './es/pages.json';
import esProfile from './es/profile.json';
import esValidation from './es/validation.json';
import deHome from './de/home.json';
import deQuestionnaire from './de/questionnaire.json';
import deSearch from './de/search.json';
import enHome from './en/home.json';
import enQuestionnaire from './en/questionnaire.json';
import enSearch from './en/search.json';
import esHome from './es/home.json';
import esQuestionnaire from './es/questionnaire.json';
import esSearch from './es/search.json';
import deRequests from './de/requests.json';
import enRequests from './en/requests.json';
import esRequests from './es/requests.json';
import type { Language } from '@trialflow/contract';

/**
 * Every string the web app shows, per language. Each file is one top-level namespace
 * (common.json → "common", pages.json → "pages"); a new file is added here.
 */
export const LOCALES: Record<Language, Record<string, unknown>> = {
  en: {
    common: enCommon,
    pages: enPages,
    auth: enAuth,
    validation: enValidation,
    form: enForm,
    profile: enProfile,
    home: enHome,
    questionnaire: enQuestionnaire,
    search: enSearch,
    requests: enRequests,
  },
  es: {
    common: esCommon,
    pages: esPages,
    auth: esAuth,
    validation: esValidation,
    form: esForm,
    profile: esProfile,
    home: esHome,
    questionnaire: esQuestionnaire,
    search: esSearch,
    requests: esRequests,
  },
  de: {
    common: deCommon,
    pages: dePages,
    auth: deAuth,
    validation: deValidation,
    form: deForm,
    profile: deProfile,
    home: deHome,
    questionnaire: deQuestionnaire,
    search: deSearch,
    requests: deRequests,
  },
};
