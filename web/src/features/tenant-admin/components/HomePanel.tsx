import { useState } from 'react';
import { BackgroundImage, Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { bannerText } from '@/lib/banner-text';
import { CONFIG_KEYS } from '../api/settings';
import { ConfigFields } from './ConfigFields';
import { PanelBody } from './PanelBody';
import { SaveBar } from './SaveBar';
import { useConfig } from './use-config';

const TEXTS = ['home_page_greeting', 'home_page_title', 'home_page_message', 'home_page_bgimage'];

/** The home page (id_300): greeting, title, message and background image, with a preview. */
export function HomePanel() {
  const { t } = useTranslation('admin');
  const config = useConfig(CONFIG_KEYS.home);
  const user = useSessionStore(selectUser);
  const [preview, setPreview] = useState(false);
  const text = (name: string) => String(config.values[name] ?? '');
  const anyFilled = TEXTS.some((n) => text(n).trim() !== '');
  const name = user?.displayName || user?.userName || '';
  return (
    <PanelBody config={config} testId="home">
      <ConfigFields config={config} />
      <SaveBar config={config} testId="home">
        <Button variant="default" disabled={!anyFilled} onClick={() => setPreview(true)} data-testid="home-preview">
          {t('preview')}
        </Button>
      </SaveBar>
      <Modal opened={preview} onClose={() => setPreview(false)} title={t('previewTitle')} size="lg" data-testid="home-preview-dialog">
        <BackgroundImage src={/^https?:\/\//.test(text('home_page_bgimage')) ? text('home_page_bgimage') : ''} radius="md" bg="blue.7">
          <Stack p="lg" gap={4} c="white">
            <Text size="sm">{bannerText(text('home_page_greeting'), '', name, false)}</Text>
            <Title order={3} style={{ whiteSpace: 'pre-line' }}>
              {bannerText(text('home_page_title'), '', name, false)}
            </Title>
            <Text size="sm">{bannerText(text('home_page_message'), '', name, false)}</Text>
          </Stack>
        </BackgroundImage>
      </Modal>
    </PanelBody>
  );
}
