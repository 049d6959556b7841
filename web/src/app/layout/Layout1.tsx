import type { ReactNode } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useHover } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { ClockDrawer } from '@/features/clock';
import { PunchReceipts } from '@/features/rep';
import { HEADER_HEIGHT } from '@/lib/config';
import { useAreaStyle } from '@/features/tenant-theme';
import { Footer } from './Footer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { NAVBAR_UNFOLDED_WIDTH, NAVBAR_WIDTHS, type NavbarStyle } from './layout-settings';
import { Navigation } from './Navigation';
import { SettingsDrawer } from './SettingsDrawer';
import { Toolbar } from './Toolbar';

interface Layout1Props {
  children?: ReactNode;
  navbarStyle?: NavbarStyle;
  showNavbar?: boolean;
  showToolbar?: boolean;
  showFooter?: boolean;
}

/**
 * layout1: vertical navigation (250 px; style-2 folded to 64 and unfolded on hover; style-3
 * 120; dense 64; mobile toggle at md), toolbar, footer, each of which can be hidden.
 */
export function Layout1({ children, navbarStyle = 'style-1', showNavbar = true, showToolbar = true, showFooter = true }: Layout1Props) {
  const [navOpened, { toggle, close }] = useDisclosure(false);
  const { hovered, ref } = useHover<HTMLDivElement>();
  const unfolded = navbarStyle === 'style-2' && hovered;
  const width = unfolded ? NAVBAR_UNFOLDED_WIDTH : NAVBAR_WIDTHS[navbarStyle];
  const toolbarStyle = useAreaStyle('toolbar');
  const navStyle = useAreaStyle('navbar');
  const footerStyle = useAreaStyle('footer');
  return (
    <AppShell
      header={showToolbar ? { height: HEADER_HEIGHT } : undefined}
      navbar={showNavbar ? { width, breakpoint: 'md', collapsed: { mobile: !navOpened } } : undefined}
      footer={showFooter ? { height: 44 } : undefined}
      padding="md"
      data-testid="layout1"
    >
      <SkipLink />
      {showToolbar && (
        <AppShell.Header style={toolbarStyle} data-testid="area-toolbar">
          <Toolbar navOpened={navOpened} onToggleNav={toggle} />
        </AppShell.Header>
      )}
      {showNavbar && (
        <AppShell.Navbar ref={ref} style={{ transition: 'width 150ms ease', ...navStyle }} data-testid="area-navbar">
          <Navigation onNavigate={close} navbarStyle={navOpened ? 'style-1' : navbarStyle} unfolded={unfolded} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>{children ?? <Outlet />}</AppShell.Main>
      {showFooter && (
        <AppShell.Footer style={footerStyle} data-testid="area-footer">
          <Footer />
        </AppShell.Footer>
      )}
      <ClockDrawer receipts={<PunchReceipts />} />
      <SettingsDrawer />
    </AppShell>
  );
}
