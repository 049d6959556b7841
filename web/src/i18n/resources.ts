import ptCommon from './pt/common.json';
import ptValidation from './pt/validation.json';
import ptAuth from './pt/auth.json';
import ptClock from './pt/clock.json';
import ptAuthFlows from './pt/auth-flows.json';
import ptNotifications from './pt/notifications.json';
import ptSso from './pt/sso.json';
import ptNavigation from './pt/navigation.json';
import ptSession from './pt/session.json';
import ptApps from './pt/apps.json';
import ptKiosk from './pt/kiosk.json';
import ptMood from './pt/mood.json';
import ptHome from './pt/home.json';
import ptSurveys from './pt/surveys.json';
import ptAdjustments from './pt/adjustments.json';
import ptVacations from './pt/vacations.json';
import ptRequests from './pt/requests.json';
import ptAudit from './pt/audit.json';
import enCommon from './en/common.json';
import enValidation from './en/validation.json';
import enAuth from './en/auth.json';
import enClock from './en/clock.json';
import enAuthFlows from './en/auth-flows.json';
import enNotifications from './en/notifications.json';
import enSso from './en/sso.json';
import enNavigation from './en/navigation.json';
import enSession from './en/session.json';
import enApps from './en/apps.json';
import enKiosk from './en/kiosk.json';
import enMood from './en/mood.json';
import enHome from './en/home.json';
import enSurveys from './en/surveys.json';
import enAdjustments from './en/adjustments.json';
import enVacations from './en/vacations.json';
import enRequests from './en/requests.json';
import enAudit from './en/audit.json';
import esCommon from './es/common.json';
import esValidation from './es/validation.json';
import esAuth from './es/auth.json';
import esClock from './es/clock.json';
import esAuthFlows from './es/auth-flows.json';
import esNotifications from './es/notifications.json';
import esSso from './es/sso.json';
import esNavigation from './es/navigation.json';
import esSession from './es/session.json';
import esApps from './es/apps.json';
import esKiosk from './es/kiosk.json';
import esMood from './es/mood.json';
import esHome from './es/home.json';
import esSurveys from './es/surveys.json';
import esAdjustments from './es/adjustments.json';
import esVacations from './es/vacations.json';
import esRequests from './es/requests.json';
import esAudit from './es/audit.json';

export { NAMESPACES, type Namespace } from './namespaces';

// pt is the reference: the other languages must have the same keys
// (checked by the type below and by i18n.test.ts).
const pt = { common: ptCommon, validation: ptValidation, auth: ptAuth, clock: ptClock, authFlows: ptAuthFlows, notifications: ptNotifications, sso: ptSso, navigation: ptNavigation, session: ptSession, apps: ptApps, kiosk: ptKiosk, mood: ptMood, home: ptHome, surveys: ptSurveys, adjustments: ptAdjustments, vacations: ptVacations, requests: ptRequests, audit: ptAudit };
type Resources = typeof pt;

const en: Resources = { common: enCommon, validation: enValidation, auth: enAuth, clock: enClock, authFlows: enAuthFlows, notifications: enNotifications, sso: enSso, navigation: enNavigation, session: enSession, apps: enApps, kiosk: enKiosk, mood: enMood, home: enHome, surveys: enSurveys, adjustments: enAdjustments, vacations: enVacations, requests: enRequests, audit: enAudit };
const es: Resources = { common: esCommon, validation: esValidation, auth: esAuth, clock: esClock, authFlows: esAuthFlows, notifications: esNotifications, sso: esSso, navigation: esNavigation, session: esSession, apps: esApps, kiosk: esKiosk, mood: esMood, home: esHome, surveys: esSurveys, adjustments: esAdjustments, vacations: esVacations, requests: esRequests, audit: esAudit };

export const resources = { pt, en, es } as const;
export type { Resources };
