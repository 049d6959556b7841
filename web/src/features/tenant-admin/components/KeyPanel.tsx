import type { ConfigKey } from '../api/settings';
import { ConfigFields } from './ConfigFields';
import { PanelBody } from './PanelBody';
import { SaveBar } from './SaveBar';
import { useConfig, type ConfigOptions } from './use-config';

interface Props {
  configKey: ConfigKey;
  /** The key's field groups, in the panel's order. */
  groups: string[];
  testId: string;
  options?: ConfigOptions;
}

/**
 * A panel that is its key's fields and a save: the password policy and links (id_101, 110,
 * 130, 140; id_210 stays hidden), the feature toggles and the time-clock app options.
 */
export function KeyPanel({ configKey, groups, testId, options }: Props) {
  const config = useConfig(configKey, options);
  return (
    <PanelBody config={config} testId={testId}>
      <ConfigFields config={config} groups={groups} />
      <SaveBar config={config} testId={testId} />
    </PanelBody>
  );
}
