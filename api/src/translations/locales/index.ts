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
import type { Language } from '../../common/conditions';

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
  },
  es: {
    common: esCommon,
    pages: esPages,
    auth: esAuth,
    validation: esValidation,
    form: esForm,
    profile: esProfile,
  },
  de: {
    common: deCommon,
    pages: dePages,
    auth: deAuth,
    validation: deValidation,
    form: deForm,
    profile: deProfile,
  },
};
