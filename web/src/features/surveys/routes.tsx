import type { ReactElement } from 'react';
import { EVALUATIONS_360_BASE, Evaluations360Page } from './pages/Evaluations360Page';
import { PdiPage } from './pages/PdiPage';
import { SurveyListPage } from './pages/SurveyListPage';

/** A route of the surveys with the menu entry whose access it needs (spec §2, §6). */
export interface SurveyRoute {
  path: string;
  menuId: string;
  /** The menu entry's url, which the generic area routes must leave to this route. */
  menuUrl: string;
  element: ReactElement;
}

/**
 * The survey routes of spec §2: /apps/pesquisa/nps|clima|enquete (each needing the
 * dynamicAccess flag eNPS, clima or enquete through its menu entry) and
 * the 360 evaluations to answer and /apps/result360/results, each with filter/:filterHandle/:id? and :folderHandle/:id?.
 */
export const SURVEY_ROUTES: SurveyRoute[] = [
  {
    path: '/apps/pesquisa/nps/*',
    menuId: 'tools_004',
    menuUrl: '/apps/pesquisa/nps/all',
    element: <SurveyListPage key="enps" kind="enps" base="/apps/pesquisa/nps" path="enps" />,
  },
  {
    path: '/apps/pesquisa/clima/*',
    menuId: 'tools_005',
    menuUrl: '/apps/pesquisa/clima/all',
    element: <SurveyListPage key="clima" kind="clima" base="/apps/pesquisa/clima" path="clima" />,
  },
  {
    path: '/apps/pesquisa/enquete/*',
    menuId: 'tools_006',
    menuUrl: '/apps/pesquisa/enquete/all',
    element: <SurveyListPage key="enquete" kind="enquete" base="/apps/pesquisa/enquete" path="enquete" />,
  },
  {
    // The {token} route of spec §2 "360 evaluations to answer".
    path: `${EVALUATIONS_360_BASE}/*`,
    menuId: 'tools_008a',
    menuUrl: `${EVALUATIONS_360_BASE}/all`,
    element: <Evaluations360Page />,
  },
  {
    path: '/apps/result360/results/*',
    menuId: 'tools_008',
    menuUrl: '/apps/result360/results/all',
    element: <SurveyListPage key="360" kind="360" base="/apps/result360/results" path="resultados-360" />,
  },
  {
    // No menu entry of its own: it needs what the 360 results entry needs (pwa-aval-360).
    path: '/apps/eval360/pdi/*',
    menuId: 'tools_008',
    menuUrl: '/apps/eval360/pdi',
    element: <PdiPage />,
  },
];
