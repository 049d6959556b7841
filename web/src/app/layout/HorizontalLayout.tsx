import type { ReactNode } from 'react';
import { AppShell, Box, Container, Divider, Drawer } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { ClockDrawer } from '@/features/clock';
import { PunchReceipts } from '@/features/rep';
import { HEADER_HEIGHT } from '@/lib/config';
import { useAreaStyle } from '@/features/tenant-theme';
import { Footer } from './Footer';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { HorizontalNavigation } from './HorizontalNavigation';
import { CONTAINER_WIDTHS } from './layout-settings';
import { Navigation } from './Navigation';
import { SettingsDrawer } from './SettingsDrawer';
import { Toolbar } from './Toolbar';

const NAV_HEIGHT = 48;

interface HorizontalLayoutProps {
  children?: ReactNode;
  /** layout2: toolbar above the navigation; layout3: navigation on top, toolbar below. */
  variant: 'layout2' | 'layout3';
  showNavbar?: boolean;
  showToolbar?: boolean;
  showFooter?: boolean;
}

/**
 * layout2 and layout3 (spec portal-core §1): horizontal navigation with popup menus and a
 * boxed page (1120); below md the navigation opens in a drawer from the toolbar's burger.
 */
export function HorizontalLayout({ children, variant, showNavbar = true, showToolbar = true, showFooter = true }: HorizontalLayoutProps) {
  const [drawer, { toggle, close }] = useDisclosure(false);
  const height = (showToolbar ? HEADER_HEIGHT : 0) + (showNavbar ? NAV_HEIGHT : 0);
  const toolbar = showToolbar && (
    <Box h={HEADER_HEIGHT} key="toolbar">
      <Toolbar navOpened={drawer} onToggleNav={toggle} />
    </Box>
  );
  const nav = showNavbar && (
    <Box h={NAV_HEIGHT} visibleFrom="md" key="nav">
      <HorizontalNavigation />
    </Box>
  );
  const rows = variant === 'layout2' ? [toolbar, nav] : [nav, toolbar];
  const toolbarStyle = useAreaStyle('toolbar');
  const footerStyle = useAreaStyle('footer');
  return (
    <AppShell header={height ? { height } : undefined} footer={showFooter ? { height: 44 } : undefined} padding="md" data-testid={variant}>
      <SkipLink />
      {height > 0 && (
        <AppShell.Header style={toolbarStyle} data-testid="area-toolbar">
          {rows[0]}
          {rows[0] && rows[1] && <Divider />}
          {rows[1]}
        </AppShell.Header>
      )}
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Container size={CONTAINER_WIDTHS[variant]} px={0}>
          {children ?? <Outlet />}
        </Container>
      </AppShell.Main>
      {showFooter && (
        <AppShell.Footer style={footerStyle} data-testid="area-footer">
          <Footer />
        </AppShell.Footer>
      )}
      <Drawer opened={drawer} onClose={close} size={280} hiddenFrom="md" padding={0} withCloseButton={false}>
        <Navigation onNavigate={close} />
      </Drawer>
      <ClockDrawer receipts={<PunchReceipts />} />
      <SettingsDrawer />
    </AppShell>
  );
}
