import { useState } from 'react';
import { Accordion } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { permissionsOf } from '@/lib/permissions';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { ClockAppPanel } from './ClockAppPanel';
import { HomePanel } from './HomePanel';
import { MailServerPanel } from './MailServerPanel';
import { NewLoginPanel } from './NewLoginPanel';
import { PolicyPanel } from './PolicyPanel';
import { TemplatesPanel } from './TemplatesPanel';
import { TogglesPanel } from './TogglesPanel';

/** The time-clock app options need the access id pwa-rh-ponto-e (spec §2). */
const CLOCK_APP_ACCESS = 'pwa-rh-ponto-e';

type PanelId = 'policy' | 'home' | 'mail' | 'toggles' | 'clockApp' | 'templates' | 'newLogin' | 'sso';

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
    ['policy', () => <PolicyPanel />],
    ['home', () => <HomePanel />],
    ['mail', () => <MailServerPanel />],
    ['toggles', () => <TogglesPanel onSaved={onAccessChanged} />],
    ...(purchased.includes(CLOCK_APP_ACCESS) ? ([['clockApp', () => <ClockAppPanel />]] as [PanelId, () => React.ReactNode][]) : []),
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
