import { useState } from 'react';
import { Accordion, Badge, Box, Button, Collapse, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useCommand } from '@/lib/query';
import { translateFieldError } from '@/lib/server-message';
import { selectUser, useSessionStore } from '@/lib/session-store';
import { CONFIG_KEYS, sendTemplate, type ConfigValue } from '../api/settings';
import { recipientRules, type RecipientValues } from '../utils/template-preview-form';
import { collapseTagWhitespace, sanitizeTemplate } from '../utils/sanitize';
import { PanelBody } from './PanelBody';
import { SaveBar } from './SaveBar';
import { useConfig, type ConfigState } from './use-config';

/** The five templates of block 1500: code and field prefix. */
const TEMPLATES = [
  ['1510', 'newlogin'],
  ['1520', 'invite'],
  ['1530', 'pub_ombudsman'],
  ['1540', 'pri_ombudsman'],
  ['1550', 'verification_code'],
] as const;

/**
 * E-mail templates (block 1500): five collapsible groups of subject (max 255) and body, each
 * with its variables (a click copies {var}) and a preview of the sanitised body that can be
 * sent to a recipient. Whitespace between tags is removed before saving.
 */
export function TemplatesPanel() {
  const config = useConfig(CONFIG_KEYS.templates, { prepare: collapseBodies });
  return (
    <PanelBody config={config} testId="templates">
      <Accordion multiple variant="separated">
        {TEMPLATES.map(([code, prefix]) => (
          <TemplateGroup key={code} code={code} prefix={prefix} config={config} />
        ))}
      </Accordion>
      <SaveBar config={config} testId="templates" />
    </PanelBody>
  );
}

function collapseBodies(changed: Record<string, ConfigValue>): Record<string, ConfigValue> {
  return Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, k.endsWith('_body') ? collapseTagWhitespace(String(v)) : v]));
}

function TemplateGroup({ code, prefix, config }: { code: (typeof TEMPLATES)[number][0]; prefix: string; config: ConfigState }) {
  const { t } = useTranslation('admin');
  const [preview, setPreview] = useState(false);
  const [showVars, setShowVars] = useState(false);
  const subjectName = `${prefix}_subject`;
  const bodyName = `${prefix}_body`;
  const subject = String(config.values[subjectName] ?? '');
  const body = String(config.values[bodyName] ?? '');
  const fields = config.view?.fields ?? [];
  const variables = [...new Set(fields.filter((f) => f.name.startsWith(prefix)).flatMap((f) => f.variables ?? []))];

  const copy = (v: string) => {
    void navigator.clipboard?.writeText(`{${v}}`).catch(() => undefined);
    notifications.show({ message: t('templates.copied', { value: `{${v}}` }), autoClose: 2000 });
  };

  return (
    <Accordion.Item value={code} data-testid={`template-${code}`}>
      <Accordion.Control>
        {code} · {t(`templates.${code}`)}
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <TemplateField config={config} name={subjectName} label={t('templates.subject')} rows={[1, 2]} maxLength={255} />
          <TemplateField config={config} name={bodyName} label={t('templates.body')} rows={[3, 6]} />
          {variables.length > 0 && (
            <Box>
              <Button variant="subtle" size="compact-sm" onClick={() => setShowVars((v) => !v)} data-testid={`vars-${code}`}>
                {t('templates.variables')}
              </Button>
              <Collapse in={showVars}>
                <Group gap={6} mt={4}>
                  {variables.map((v) => (
                    <Badge key={v} variant="light" style={{ cursor: 'pointer', textTransform: 'none' }} onClick={() => copy(v)} data-testid={`var-${code}-${v}`}>
                      {`{${v}}`}
                    </Badge>
                  ))}
                </Group>
              </Collapse>
            </Box>
          )}
          <Group justify="flex-end">
            <Button variant="default" size="xs" disabled={!subject.trim() || !body.trim()} onClick={() => setPreview(true)} data-testid={`preview-${code}`}>
              {t('preview')}
            </Button>
          </Group>
        </Stack>
        {preview && <PreviewDialog subject={subject} body={body} onClose={() => setPreview(false)} />}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

interface TemplateFieldProps {
  config: ConfigState;
  name: string;
  label: string;
  /** The least and most rows it grows between. */
  rows: [number, number];
  maxLength?: number;
}

/** A subject or body of a template, with the server's error. */
function TemplateField({ config, name, label, rows, maxLength }: TemplateFieldProps) {
  return (
    <Textarea
      label={label}
      value={String(config.values[name] ?? '')}
      onChange={(e) => config.set(name, e.currentTarget.value)}
      autosize
      minRows={rows[0]}
      maxRows={rows[1]}
      maxLength={maxLength}
      error={translateFieldError(config.errors[name])}
      data-testid={`field-${name}`}
    />
  );
}

function PreviewDialog({ subject, body, onClose }: { subject: string; body: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const user = useSessionStore(selectUser);
  const form = useForm<RecipientValues>({ initialValues: { to: user?.email ?? '' }, validate: recipientRules });
  const fail = () => notifications.show({ color: 'red', message: t('messages.nao_foi_possivel_enviar'), autoClose: 6000 });
  const sending = useCommand(sendTemplate, {
    onSuccess: (answer) => (answer.succeeded ? notifications.show({ color: 'green', message: t('messages.enviado_com_sucesso') }) : fail()),
    onError: fail,
  });
  const send = form.onSubmit(
    (values) => sending.mutate({ address: values.to.trim(), subject, message: body }),
    fail,
  );
  return (
    <Modal opened onClose={onClose} title={t('previewTitle')} size="lg" data-testid="template-preview">
      <Stack gap="sm">
        <Text fw={600} data-testid="template-preview-subject">
          {subject}
        </Text>
        <Box
          p="sm"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
          data-testid="template-preview-body"
          dangerouslySetInnerHTML={{ __html: sanitizeTemplate(body) }}
        />
        <Group align="flex-end">
          <TextInput style={{ flex: 1 }} label={t('templates.recipient')} type="email" {...form.getInputProps('to')} error={undefined} data-testid="template-preview-to" />
          <Button onClick={() => send()} loading={sending.isPending} disabled={!form.values.to.trim()} data-testid="template-preview-send">
            {t('send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
