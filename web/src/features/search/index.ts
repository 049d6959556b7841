// Public surface of the global search, used by the app shell.
export { GlobalSearch, type SearchEntry } from './components/GlobalSearch';
export { searchEntries, foldText, MAX_SUGGESTIONS } from './utils/search-menu';
