/** Every i18n namespace (./resources.ts holds their texts). */
export const NAMESPACES = ['common', 'validation', 'auth', 'clock', 'authFlows', 'notifications', 'sso', 'navigation', 'session', 'apps', 'kiosk', 'mood', 'home', 'surveys', 'adjustments', 'vacations', 'requests', 'audit', 'people', 'reports', 'admin', 'rep', 'fence', 'hrMarks', 'timesheet', 'attendance', 'faq', 'payroll', 'files', 'ombudsman'] as const;
export type Namespace = (typeof NAMESPACES)[number];
