import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import fields from '../api/config-fields.json';
import { sectionsOf, toggleSection } from './toggle-sections';

// config-fields.json is the server's catalogue (domain/settings checks the copy): every field
// getConfig can send. The keys below are the ones the panels render field by field
// (ConfigFields); the templates and the theme have panels of their own.
const RENDERED = ['STARPAR-C-TENANT', 'home_page', 'rh_email', 'access_id', 'time_clock_app', 'timesheet_rule'] as const;
/** The keys whose every field is a switch or option that needs a line saying what it does. */
const DESCRIBED = ['access_id', 'time_clock_app'] as const;
const LANGS = ['pt', 'en', 'es'] as const;
const catalogue = fields as Record<string, { name: string; group: string; kind: string }[]>;

/** A label that is an identifier rather than words (rh_002_08_adm, tools_014c, widgetendtrialper). */
const RAW = /^(?:[a-z0-9]+_[a-z0-9_]+|widget[a-z0-9]+|[a-z]+[A-Z][A-Za-z0-9]*)$/;

describe('the settings panels label every field the server can send', () => {
  it('has the access toggles of the spec', () => {
    const names = catalogue.access_id.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining(['widgetendtrialper', 'rh_002_08_adm', 'tools_014c', 'rh_001_12', 'tools_007_003', 'solicita_ferias']));
    expect(names.length).toBeGreaterThan(100);
  });

  for (const lng of LANGS) {
    it(`${lng}: a name for every field, a description for every toggle, a title for every group and section`, () => {
      const missing: string[] = [];
      const text = (key: string) => (i18n.exists(key, { ns: 'admin', lng }) ? String(i18n.getResource(lng, 'admin', key) ?? '') : '');
      for (const key of RENDERED) {
        const list = catalogue[key];
        expect(list, key).toBeDefined();
        for (const f of list) {
          const label = text(`fields.${f.name}`);
          if (!label.trim() || label === f.name || RAW.test(label)) missing.push(`fields.${f.name} = "${label}"`);
          if ((DESCRIBED as readonly string[]).includes(key)) {
            const hint = text(`hints.${f.name}`);
            if (!hint.trim() || hint === f.name || RAW.test(hint)) missing.push(`hints.${f.name}`);
          }
        }
        for (const g of new Set(list.map((f) => f.group))) if (!text(`groups.${g}`).trim()) missing.push(`groups.${g}`);
        for (const { section } of sectionsOf(list)) if (section && !text(`sections.${section}`).trim()) missing.push(`sections.${section}`);
      }
      expect(missing).toEqual([]);
    });
  }

  it('puts the tags in sections by module and leaves the switches and widgets unsectioned', () => {
    expect(toggleSection('rh_002_08_adm')).toBe('rh_002');
    expect(toggleSection('rh_001_12')).toBe('rh_001');
    expect(toggleSection('rh_gen_01')).toBe('rh_other');
    expect(toggleSection('tools_014c')).toBe('tools_014');
    expect(toggleSection('tools_007_002')).toBe('tools_007');
    expect(toggleSection('tools_051')).toBe('tools_other');
    expect(toggleSection('widgetendtrialper')).toBeNull();
    expect(toggleSection('solicita_ferias')).toBeNull();
    const tools = sectionsOf(catalogue.access_id.filter((f) => f.group === 'tools'));
    expect(tools.find((s) => s.section === 'tools_007')?.fields.map((f) => f.name)).toEqual([
      'tools_007a', 'tools_007b', 'tools_007c', 'tools_007_001', 'tools_007_002', 'tools_007_003',
    ]);
  });
});
