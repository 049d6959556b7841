// The namespaces the screens before the sign-in use (login, passwords, single sign-on, the
// session notices), in every language: the first page bundles only these.
// The signed-in app adds the rest (./app.ts). ./resources.ts holds them all, for the types
// and the key checks.
import type { Resources } from './resources';
import ptCommon from './pt/common.json';
import ptValidation from './pt/validation.json';
import ptAuth from './pt/auth.json';
import ptAuthFlows from './pt/auth-flows.json';
import ptSso from './pt/sso.json';
import ptSession from './pt/session.json';
import enCommon from './en/common.json';
import enValidation from './en/validation.json';
import enAuth from './en/auth.json';
import enAuthFlows from './en/auth-flows.json';
import enSso from './en/sso.json';
import enSession from './en/session.json';
import esCommon from './es/common.json';
import esValidation from './es/validation.json';
import esAuth from './es/auth.json';
import esAuthFlows from './es/auth-flows.json';
import esSso from './es/sso.json';
import esSession from './es/session.json';

type Guest = Pick<Resources, 'common' | 'validation' | 'auth' | 'authFlows' | 'sso' | 'session'>;
const pt: Guest = { common: ptCommon, validation: ptValidation, auth: ptAuth, authFlows: ptAuthFlows, sso: ptSso, session: ptSession };
const en: Guest = { common: enCommon, validation: enValidation, auth: enAuth, authFlows: enAuthFlows, sso: enSso, session: enSession };
const es: Guest = { common: esCommon, validation: esValidation, auth: esAuth, authFlows: esAuthFlows, sso: esSso, session: esSession };

export const guestResources = { pt, en, es };
