// The feature toggles' tags (spec portal-business §2 "Feature toggles") are many: within
// their groups (rh, tools) they are shown in sections by module: rh_001 vacations, rh_002
// payroll and time (with its _adm variants), rh_003 people, rh_004 manager, rh_005 HR
// administration; each tool tools_NNN with its a/b/c features (tools_007_001..003 with
// tools_007); the time clock with rh_gen_01, and tools_050..052, in sections of their own.

/** The section of a toggle (an i18n key under admin:sections), or null outside a sectioned group. */
export function toggleSection(name: string): string | null {
  const rh = /^rh_(00[1-5])_/.exec(name);
  if (rh) return `rh_${rh[1]}`;
  if (name === 'rh_007_001' || name === 'rh_gen_01') return 'rh_other';
  const tool = /^tools_(\d{3})(?:[abc]|_\d{3})$/.exec(name);
  if (tool && Number(tool[1]) <= 14) return `tools_${tool[1]}`;
  if (/^tools_\d{3}$/.test(name)) return 'tools_other';
  return null;
}

/** Splits a group's fields into its sections, each in the order of its first field. */
export function sectionsOf<F extends { name: string }>(fields: F[]): { section: string | null; fields: F[] }[] {
  const out: { section: string | null; fields: F[] }[] = [];
  for (const f of fields) {
    const section = toggleSection(f.name);
    const found = out.find((s) => s.section === section);
    if (found) found.fields.push(f);
    else out.push({ section, fields: [f] });
  }
  return out;
}
