import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { ClockDrawer } from '@/features/clock';
import { HEADER_HEIGHT, NAVBAR_WIDTH } from '@/lib/config';
import { Footer } from './Footer';
import { Navigation } from './Navigation';
import { Toolbar } from './Toolbar';

/** layout1: vertical navigation (250 px, mobile toggle at md), toolbar, footer. */
export function Layout1({ children }: { children?: ReactNode }) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      footer={{ height: 44 }}
      padding="md"
    >
      <AppShell.Header>
        <Toolbar navOpened={navOpened} onToggleNav={toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Navigation onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
      <ClockDrawer />
    </AppShell>
  );
}
