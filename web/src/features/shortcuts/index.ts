// Public surface of the shortcuts feature, used by the app shell.
export { ShortcutsBar, type ShortcutEntry } from './components/ShortcutsBar';
export { filterByTitle, parseShortcuts, toggleShortcut } from './utils/shortcuts';
