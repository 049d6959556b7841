import { CONFIG_KEYS } from '../api/settings';
import { ConfigFields } from './ConfigFields';
import { PanelBody } from './PolicyPanel';
import { SaveBar } from './SaveBar';
import { useConfig } from './use-config';

/**
 * Feature toggles (spec §2): the request and sign switches, the dashboard widgets, the rh_*
 * and tools_* features; only purchased ones come from the server. A saved toggle overrides
 * every user's own switch, on the server at once; the menu follows (the user is read again).
 */
export function TogglesPanel({ onSaved }: { onSaved: () => Promise<void> }) {
  const config = useConfig(CONFIG_KEYS.access, { afterSave: onSaved });
  return (
    <PanelBody config={config} testId="toggles">
      <ConfigFields config={config} groups={['requests', 'widgets', 'rh', 'tools']} />
      <SaveBar config={config} testId="toggles" />
    </PanelBody>
  );
}
