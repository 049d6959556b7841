import ptCommon from './pt/common.json';
import ptValidation from './pt/validation.json';
import ptAuth from './pt/auth.json';
import ptClock from './pt/clock.json';
import enCommon from './en/common.json';
import enValidation from './en/validation.json';
import enAuth from './en/auth.json';
import enClock from './en/clock.json';
import esCommon from './es/common.json';
import esValidation from './es/validation.json';
import esAuth from './es/auth.json';
import esClock from './es/clock.json';

export const NAMESPACES = ['common', 'validation', 'auth', 'clock'] as const;
export type Namespace = (typeof NAMESPACES)[number];

// pt is the reference: the other languages must have the same keys
// (checked by the type below and by i18n.test.ts).
const pt = { common: ptCommon, validation: ptValidation, auth: ptAuth, clock: ptClock };
type Resources = typeof pt;

const en: Resources = { common: enCommon, validation: enValidation, auth: enAuth, clock: enClock };
const es: Resources = { common: esCommon, validation: esValidation, auth: esAuth, clock: esClock };

export const resources = { pt, en, es } as const;
export type { Resources };
