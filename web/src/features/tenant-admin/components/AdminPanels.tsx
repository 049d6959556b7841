import { useState } from 'react';
import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { CONFIG_KEYS } from '../api/settings';
import { HomePanel } from './HomePanel';
import { KeyPanel } from './KeyPanel';
import { MailServerPanel } from './MailServerPanel';
import { NewLoginPanel } from './NewLoginPanel';
import { TemplatesPanel } from './TemplatesPanel';

/** The time-clock app options need the access id pwa-rh-ponto-e (spec §2). */
const CLOCK_APP_ACCESS = 'pwa-rh-ponto-e';

type PanelId = 'policy' | 'home' | 'mail' | 'toggles' | 'clockApp' | 'timesheetRule' | 'payrollPublish' | 'templates' | 'newLogin' | 'sso';

interface Props {
  /** The single sign-on panel (the auth feature's), composed by the app shell. */
  sso: React.ReactNode;
  /** Runs after the feature toggles changed (the shell reads the user's permissions again). */
  onAccessChanged: () => Promise<void>;
}

/**
 * The tenant administration panels (spec portal-business §2), each a collapsible section of
 * the 400 px settings drawer; a panel loads its key when first opened.
 */
export function AdminPanels({ sso, onAccessChanged }: Props) {
  const { t } = useTranslation('admin');
  const user = useSessionStore(selectUser);
  const purchased = permissionsOf(user).purchased;
  const [open, setOpen] = useState<string | null>(null);
  const [seen, setSeen] = useState<string[]>([]);
  const choose = (id: string | null) => {
    setOpen(id);
    if (id && !seen.includes(id)) setSeen((s) => [...s, id]);
  };
  const panels: [PanelId, () => React.ReactNode][] = [
    ['policy', () => <KeyPanel configKey={CONFIG_KEYS.policy} groups={['id_101', 'id_110', 'id_130', 'id_140']} testId="policy" />],
    ['home', () => <HomePanel />],
    ['mail', () => <MailServerPanel />],
    // A saved toggle overrides every user's own switch on the server at once; the menu
    // follows when the user is read again.
    [
      'toggles',
      () => (
        <KeyPanel configKey={CONFIG_KEYS.access} groups={['requests', 'widgets', 'rh', 'tools']} testId="toggles" options={{ afterSave: onAccessChanged }} />
      ),
    ],
    ...(purchased.includes(CLOCK_APP_ACCESS)
      ? ([['clockApp', () => <KeyPanel configKey={CONFIG_KEYS.clockApp} groups={['app', 'id_400']} testId="clock-app" />]] as [PanelId, () => React.ReactNode][])
      : []),
    // The timesheet rule (CLT limits): the server refuses a rule out of the law (regra_ponto_fora_da_lei).
    ['timesheetRule', () => <KeyPanel configKey={CONFIG_KEYS.timesheetRule} groups={['tolerance', 'premiums', 'bank']} testId="timesheet-rule" />],
    // The payslip publish window (portal-core §9): when a batch without a date becomes visible.
    ['payrollPublish', () => <KeyPanel configKey={CONFIG_KEYS.payrollPublish} groups={['payroll']} testId="payroll-publish" />],
    ['templates', () => <TemplatesPanel />],
    ['newLogin', () => <NewLoginPanel />],
    ['sso', () => sso],
  ];
  return (
    <Accordion variant="contained" chevronPosition="right" value={open} onChange={choose} data-testid="admin-panels">
      {panels.map(([id, render]) => (
        <Accordion.Item key={id} value={id}>
          <Accordion.Control data-testid={`admin-open-${id}`}>{t(`panels.${id}`)}</Accordion.Control>
          <Accordion.Panel>{seen.includes(id) && render()}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
