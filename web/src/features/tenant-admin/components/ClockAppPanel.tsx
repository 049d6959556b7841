import { CONFIG_KEYS } from '../api/settings';
import { ConfigFields } from './ConfigFields';
import { PanelBody } from './PolicyPanel';
import { SaveBar } from './SaveBar';
import { useConfig } from './use-config';

/** Time-clock app options: register_offline, face_id (when purchased), id_400 public terminal. */
export function ClockAppPanel() {
  const config = useConfig(CONFIG_KEYS.clockApp);
  return (
    <PanelBody config={config} testId="clock-app">
      <ConfigFields config={config} groups={['app', 'id_400']} />
      <SaveBar config={config} testId="clock-app" />
    </PanelBody>
  );
}
