import 'i18next';
import type { Resources } from './resources';

// Keys are type-checked against the pt resources (STYLE.md, i18next).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
